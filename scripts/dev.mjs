#!/usr/bin/env node
// `npm run dev`: live-reloading dev servers for the shell and the three remotes, the article API
// and the release service in watch mode, and the Auth emulator. `npm run dev -w public-site` runs one remote alone.
import fs from 'node:fs';
import path from 'node:path';
import { ports, repoRoot, webApps } from 'local-stack/apps.mjs';
import { startChild, stopChild } from 'local-stack/processes.mjs';
import { startAuthEmulator, EMULATOR_PROJECT } from 'local-stack/stack.mjs';

const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);
/** The apps with a server build: the shell's renderer and public-site's pages. */
const SERVER_RENDERED = ['shell', 'public-site'];

async function main() {
  const children = [];
  const emulator = await startAuthEmulator();
  children.push(emulator.child);
  const dataDir = path.join(repoRoot, '.data');
  fs.mkdirSync(dataDir, { recursive: true });
  const services = [
    { name: 'api', workspace: 'article-api', port: ports.api, database: 'articles.sqlite' },
    { name: 'releases', workspace: 'release-service', port: ports.releases, database: 'releases.sqlite' },
  ];
  for (const service of services) {
    children.push(
      startChild(service.name, bin('tsx'), ['watch', 'src/server.ts'], {
        cwd: path.join(repoRoot, service.workspace),
        env: {
          PORT: String(service.port),
          DATABASE_PATH: path.join(dataDir, service.database),
          FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.authEmulator}`,
          FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
        },
      }),
    );
  }
  for (const app of webApps) {
    children.push(
      startChild(app.workspace, bin('webpack'), ['serve', '--mode', 'development'], {
        cwd: path.join(repoRoot, app.workspace),
      }),
    );
  }
  // The server builds behind server rendering, rebuilt on every change (docs/server-rendering.md).
  for (const workspace of SERVER_RENDERED) {
    children.push(
      startChild(
        `${workspace}:server`,
        bin('webpack'),
        ['--watch', '--mode', 'development', '--config-name', `${workspace}-server`],
        {
          cwd: path.join(repoRoot, workspace),
          env: { MF_OUTPUT_DIR: path.join(repoRoot, workspace, '.dev-dist') },
        },
      ),
    );
  }
  const shutdown = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  console.log(`dev servers starting: open http://localhost:${ports.shell}/ (Ctrl-C stops everything)`);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});

#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then runs the whole product and prints its URL.
import { buildApps, buildWebServer } from './build.mjs';
import { api, ports, remotes } from 'local-stack/apps.mjs';
import { startStack } from 'local-stack/stack.mjs';

async function main() {
  await buildWebServer();
  buildApps({ onlyStale: true });
  console.log('▶ starting auth emulator, article API, remotes and shell ...');
  const stack = await startStack();
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n■ stopping ...');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  const rows = [
    ['shell', stack.shellUrl],
    ...remotes.map((app) => [app.workspace, `http://localhost:${app.port}/`]),
    ['article API', `http://localhost:${api.port}${api.basePath}`],
    ['auth emulator', `http://localhost:${ports.authEmulator}/   (sign in as admin@example.com for the admin console)`],
  ];
  console.log(`
  AIまなび is running
${rows.map(([name, url]) => `    ${name.padEnd(17)}${url}`).join('\n')}

  Open ${stack.shellUrl}   (Ctrl-C stops everything)
`);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});

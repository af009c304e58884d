/**
 * The production shape of releasing, on one machine: the release registry service (a private
 * release-service), two production web servers and a staging one that read it, the admin-console
 * remote's server with the artifact store under /releases/, and the release CLI run as a team
 * runs it. Ports 4171–4175 are this world's alone.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { repoRoot } from 'local-stack/apps.mjs';
import { runtimeConfig, webAppServer } from 'local-stack/stack.mjs';
import { startPrivateReleaseService, type PrivateApi } from '../privateApi';
import { appByWorkspace, type ServerHandle } from '../servers';
import { paced } from '../pace';
import { browserLikeFetch } from '../browserLikeFetch';

// (Not 4190: fetch refuses it, a "bad port" of the Fetch standard.)
export const PORTS = { api: 4171, productionA: 4172, productionB: 4173, staging: 4174, adminConsole: 4175 } as const;
export const SHELLS = {
  productionA: `http://localhost:${PORTS.productionA}`,
  productionB: `http://localhost:${PORTS.productionB}`,
  staging: `http://localhost:${PORTS.staging}`,
};
export const STORE_URL = `http://localhost:${PORTS.adminConsole}/releases`;
export const ADMIN_DIST = path.join(repoRoot, 'admin-console', 'dist');

export interface CliAnswer {
  code: number;
  out: string;
  err: string;
}

export interface ReleaseWorld {
  api: PrivateApi;
  storeDir: string;
  /** `npm run <script> -- …` from the repository, signed in at the emulator as `email`. */
  cli(script: 'release' | 'promote' | 'releases', args: string[], email?: string): Promise<CliAnswer>;
  /** admin_console's line in a web server's /mf-remotes.json. */
  served(shell: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startReleaseWorld(): Promise<ReleaseWorld> {
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-service-store-'));
  const api = await startPrivateReleaseService(PORTS.api, {
    RELEASE_PUBLIC_URL: STORE_URL,
    RELEASE_SHELL_MANIFEST: `${SHELLS.productionA}/mf-manifest.json`,
    RELEASE_SHELL_MANIFEST_STAGING: `${SHELLS.staging}/mf-manifest.json`,
    CORS_ORIGINS: Object.values(SHELLS).join(','),
  });
  const config = { ...runtimeConfig(), releaseServiceUrl: api.base };
  const remotes = {
    public_site: 'http://localhost:3002/mf-manifest.json',
    business_portal: 'http://localhost:3003/mf-manifest.json',
    admin_console: `http://localhost:${PORTS.adminConsole}/mf-manifest.json`,
  };
  const shell = appByWorkspace('shell');
  const shellServer = (port: number, environment: string) =>
    webAppServer(shell, {
      port,
      config,
      remotes,
      registryUrl: `${api.base}/registry/${environment}`,
      serverRendering: false,
      renderThreads: 0,
    });
  const servers: ServerHandle[] = [
    webAppServer(appByWorkspace('admin-console'), { port: PORTS.adminConsole, storeDir }),
    shellServer(PORTS.productionA, 'production'),
    shellServer(PORTS.productionB, 'production'),
    shellServer(PORTS.staging, 'staging'),
  ];
  for (const server of servers) await server.listen();

  return {
    api,
    storeDir,
    cli(script, args, email = 'admin@example.com') {
      return new Promise((resolve) => {
        execFile(
          process.execPath,
          [path.join(repoRoot, 'scripts', `${script}.mjs`), ...args],
          {
            cwd: repoRoot,
            env: { ...process.env, RELEASE_API_URL: api.base, RELEASE_STORE_DIR: storeDir, RELEASE_EMAIL: email },
          },
          (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
        );
      });
    },
    async served(shellOrigin) {
      const response = await browserLikeFetch(`${shellOrigin}/mf-remotes.json`, { cache: 'no-store' });
      return ((await response.json()) as Record<string, string>).admin_console!;
    },
    async stop() {
      await Promise.all(servers.map((server) => server.close()));
      await api.stop();
      fs.rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/** Milliseconds until every shell serves `url` as admin_console's line (polled every 25 ms), or throws after 10 s. */
export async function msUntilServed(world: ReleaseWorld, shells: string[], url: string): Promise<number> {
  const started = Date.now();
  const pending = new Set(shells);
  while (pending.size > 0) {
    if (Date.now() - started > paced(10_000)) throw new Error(`${[...pending].join(', ')} never served ${url}`);
    for (const shell of [...pending]) if ((await world.served(shell)) === url) pending.delete(shell);
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

/** Gives an emulator account (created if needed) release teams, as firebase-admin would in production. */
export async function setReleaseTeams(email: string, teams: string[]): Promise<void> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
  const app = initializeApp({ projectId: 'demo-ai-manabi' }, `release-teams-${crypto.randomUUID()}`);
  try {
    const auth = getAuth(app);
    const user = await auth.getUserByEmail(email).catch(() => auth.createUser({ email, emailVerified: true }));
    await auth.setCustomUserClaims(user.uid, { teams });
  } finally {
    await deleteApp(app);
  }
}

/** sha256 of every file of a folder, by path relative to it. */
export function folderHashes(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(dir, file)] = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return hashes;
}

export const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

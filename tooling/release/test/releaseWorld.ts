/**
 * A world for the release commands: the release registry service (release-service, in this process,
 * on a fresh database, fake tokens with team claims), an HTTP server for the artifact store and
 * each environment's shell manifest, and the CLI run as a team runs it (`node scripts/*.mjs`).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AuditEntry, HealthReport, RegistryDocument, ReleaseOverview } from 'shared-releases';
import { buildApp } from 'release-service/app';
import { RELEASE_TOKENS, releaseVerifyToken } from 'release-service/testing/releaseFixtures';
import { testConfig } from 'release-service/testing/testApp';
import { repoRoot } from '../src/remotes';

export { RELEASE_TOKENS };

export const remoteManifest = (react = '^19.0.0') => ({
  name: 'admin_console',
  exposes: [{ name: 'routes', path: './routes' }],
  shared: [{ name: 'react', version: '19.2.0', singleton: true, requiredVersion: react }],
});
const shellManifest = { name: 'shell', exposes: [], shared: [{ name: 'react', version: '19.2.0', singleton: true }] };

/** Serves `root` read-only (no links followed: the store never holds any). */
function fileServer(root: string): http.Server {
  return http.createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(fs.readFileSync(file));
  });
}

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

export interface ReleaseWorld {
  tmp: string;
  storeDir: string;
  /** The release service's base URL (…/api), for a client of its own. */
  apiUrl: string;
  /** A built admin-console folder (its manifest needs `react`). */
  builtFolder(name: string, react?: string): string;
  cli(
    script: 'release' | 'promote' | 'releases' | 'canary',
    args: string[],
    token?: string,
  ): Promise<{ code: number; out: string; err: string }>;
  registry(environment: string): Promise<Record<string, string>>;
  /** The whole registry document: the lines and the running canaries. */
  registryDocument(environment: string): Promise<RegistryDocument>;
  /** A browser's anonymous health report (POST /api/health); the HTTP status. */
  reportHealth(report: HealthReport): Promise<number>;
  audit(): Promise<AuditEntry[]>;
  /** What `npm run releases` reads (GET /releases), as the admin sees it. */
  overview(): Promise<ReleaseOverview>;
  close(): Promise<void>;
}

/**
 * `env`: the service's configuration beside the world's own, e.g. the health rules (HEALTH_*);
 * `cliEnv`: the CLI's beside the world's, e.g. a bucket as the artifact store (RELEASE_STORE=gcs).
 */
export async function startReleaseWorld(
  env: Record<string, string> = {},
  cliEnv: Record<string, string> = {},
): Promise<ReleaseWorld> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-world-'));
  const storeDir = path.join(tmp, 'store');
  fs.mkdirSync(path.join(tmp, 'shell'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'shell', 'mf-manifest.json'), JSON.stringify(shellManifest));
  const files = fileServer(tmp);
  const filesPort = await listen(files);
  const api: FastifyInstance = buildApp({
    config: testConfig({
      RELEASE_PUBLIC_URL: `http://127.0.0.1:${filesPort}/store/{workspace}`,
      RELEASE_SHELL_MANIFEST: `http://127.0.0.1:${filesPort}/shell/mf-manifest.json`,
      ...env,
    }),
    verifyToken: releaseVerifyToken,
    logger: false,
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}/api`;
  const get = async <T>(url: string) =>
    (await (
      await fetch(`${apiUrl}${url}`, { headers: { authorization: `Bearer ${RELEASE_TOKENS.admin}` } })
    ).json()) as T;

  return {
    tmp,
    storeDir,
    apiUrl,
    builtFolder(name, react) {
      const dir = path.join(tmp, name);
      fs.mkdirSync(path.join(dir, 'static'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(remoteManifest(react)));
      fs.writeFileSync(path.join(dir, 'static', 'main.js'), `console.log(${JSON.stringify(name)});`);
      return dir;
    },
    cli(script, args, token = RELEASE_TOKENS.admin) {
      return new Promise((resolve) => {
        execFile(
          process.execPath,
          [path.join(repoRoot, 'scripts', `${script}.mjs`), ...args],
          {
            env: Object.assign({}, process.env, {
              RELEASE_API_URL: apiUrl,
              RELEASE_ID_TOKEN: token,
              RELEASE_STORE_DIR: storeDir,
              ...cliEnv,
            }),
          },
          (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
        );
      });
    },
    registry: async (environment) => (await get<RegistryDocument>(`/registry/${environment}`)).lines,
    registryDocument: (environment) => get<RegistryDocument>(`/registry/${environment}`),
    reportHealth: async (report) =>
      (
        await fetch(`${apiUrl}/health`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(report),
        })
      ).status,
    audit: async () => (await get<{ entries: AuditEntry[] }>('/releases/audit')).entries,
    overview: () => get<ReleaseOverview>('/releases'),
    async close() {
      await api.close();
      await new Promise<void>((resolve) => files.close(() => resolve()));
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * The release world of a test file, on the default settings: started before its tests, closed
 * after them. `world()` reads it inside a test; `published(version)` is the store's folder of an
 * admin-console version.
 */
export function releaseWorldOfFile() {
  let started: ReleaseWorld | undefined;
  beforeAll(async () => {
    started = await startReleaseWorld();
  });
  afterAll(() => started?.close());
  const world = () => {
    if (!started) throw new Error('releaseWorldOfFile: the world runs only inside the tests');
    return started;
  };
  return { world, published: (version: string) => path.join(world().storeDir, 'admin-console', version) };
}

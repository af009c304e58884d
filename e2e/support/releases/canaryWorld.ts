/**
 * Canary releases in their production shape, on one machine (docs/canary-releases.md): the release registry service (a private release-service that also takes the browsers'
 * health reports), two production web servers that render public pages and split visitors by
 * their bucket cookie, public-site's server with the artifact store under /releases/, and the
 * release CLI run as a team runs it. The web servers are the production command
 * (web-server/dist/main.js, one render thread each), configured only by their environment. Its five
 * ports are its own and its worker's (./canaryPorts.ts), so the files that start it may run in two
 * lanes side by side.
 *
 * The service believes X-Forwarded-For from loopback (TRUST_PROXY), as it would behind the
 * production proxy: a test gives each simulated visitor an address of its own that way, since
 * every browser here connects from 127.0.0.1.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import type { AuditEntry, ReleaseOverview } from 'shared-releases';
import { repoRoot } from 'local-stack/apps.mjs';
import { webAppServer } from 'local-stack/stack.mjs';
import { cleanEnv, startService, stopService, waitForHealthy, type Service } from 'local-stack/topology/processes';
import { startPrivateApi, startPrivateReleaseService, type PrivateApi } from '../privateApi';
import { appByWorkspace } from '../servers';
import { paced } from '../pace';
import { canaryPorts } from './canaryPorts';
import type { CliAnswer } from './releaseWorld';

/**
 * The longest a world's start may take: five services, two of them TypeScript run through tsx, on
 * a machine whose other lanes start their own servers, builds and browsers at the same moment.
 */
const WORLD_START_MS = 180_000;

/**
 * The minutes of health the world's service sums (HEALTH_WINDOW_MINUTES; 10 by default, as in
 * production). Its tests bound their traffic by visits, not by minutes, and their time limits
 * follow the machine's pace: in one CI run release-vitals' 56 page loads a side took 10 minutes,
 * and on a slower machine the first minutes' views would leave a 10-minute window, leaving fewer
 * than the 50 a decision needs. A window as long as the longest test's limit (canary steps', 15
 * minutes) keeps every view a test makes in its figures. Where the window ends is tested with a
 * clock of the test's own (release-service/test/health.test.ts, healthWindow.test.ts).
 */
const HEALTH_WINDOW_MINUTES = Math.ceil(paced(900_000) / 60_000) + 1;

export const CANARY_PORTS = canaryPorts(Number(process.env.TEST_PARALLEL_INDEX ?? '0'));
export const INSTANCES = [`http://localhost:${CANARY_PORTS.shellA}`, `http://localhost:${CANARY_PORTS.shellB}`];
export const PUBLIC_SITE_URL = `http://localhost:${CANARY_PORTS.publicSite}`;
export const DEPLOYED_MANIFEST = `${PUBLIC_SITE_URL}/mf-manifest.json`;
export const releaseManifest = (version: string) => `${PUBLIC_SITE_URL}/releases/${version}/mf-manifest.json`;

/** A Cloud Storage bucket (the Storage emulator) as the artifact store, instead of public-site's /releases/. */
export interface BucketStore {
  emulatorUrl: string;
  bucket: string;
}

export interface CanaryWorld {
  api: PrivateApi;
  storeDir: string;
  /** Where a released version's manifest is served from (the local store or the bucket). */
  manifestOf(version: string): string;
  /** `node scripts/<script>.mjs …` from the repository (or `cwd`), signed in at the emulator as admin. */
  cli(script: 'release' | 'canary' | 'releases', args: string[], cwd?: string): Promise<CliAnswer>;
  /** The service's view of public_site in production (admin). */
  publicSite(): Promise<ReleaseOverview['remotes'][number]['environments']['production']>;
  audit(): Promise<AuditEntry[]>;
  /** The web servers' recent output (for a failing test's message). */
  webServerOutput(): string;
  stop(): Promise<void>;
}

/** An ID token of the default admin, signed in at the Auth emulator as Google would (as the release CLI does). */
async function adminToken(): Promise<string> {
  const claims = { sub: 'release-admin@example.com', email: 'admin@example.com', email_verified: true };
  const signIn = await fetch(
    'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        requestUri: 'http://localhost',
        returnSecureToken: true,
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      }),
    },
  );
  if (!signIn.ok) throw new Error(`emulator sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return ((await signIn.json()) as { idToken: string }).idToken;
}

export async function startCanaryWorld({
  bucket,
  serviceEnv = {},
}: {
  bucket?: BucketStore;
  /** More release-service settings (e.g. a short least soak for canary steps). */
  serviceEnv?: Record<string, string>;
} = {}): Promise<CanaryWorld> {
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canary-store-'));
  const publicStore = bucket ? `${bucket.emulatorUrl}/${bucket.bucket}/{workspace}` : `${PUBLIC_SITE_URL}/releases`;
  const storeEnv = bucket
    ? { RELEASE_STORE: 'gcs', RELEASE_STORE_BUCKET: bucket.bucket, STORAGE_EMULATOR_HOST: bucket.emulatorUrl }
    : { RELEASE_STORE_DIR: storeDir };
  // The pages' articles from an article API of its own; `api` is the release service.
  const articles = await startPrivateApi(CANARY_PORTS.articles, { CORS_ORIGINS: INSTANCES.join(',') });
  const api = await startPrivateReleaseService(CANARY_PORTS.api, {
    RELEASE_PUBLIC_URL: publicStore,
    RELEASE_SHELL_MANIFEST: `${INSTANCES[0]}/mf-manifest.json`,
    CORS_ORIGINS: INSTANCES.join(','),
    TRUST_PROXY: '127.0.0.1,::1',
    HEALTH_WINDOW_MINUTES: String(HEALTH_WINDOW_MINUTES),
    ...serviceEnv,
  });
  const remotes = {
    public_site: DEPLOYED_MANIFEST,
    business_portal: 'http://localhost:3003/mf-manifest.json',
    admin_console: 'http://localhost:3004/mf-manifest.json',
  };
  const publicSite = webAppServer(appByWorkspace('public-site'), { port: CANARY_PORTS.publicSite, storeDir });
  await publicSite.listen();
  const webServers: Service[] = INSTANCES.map((origin, n) =>
    startService(`web-server ${n + 1}`, process.execPath, [path.join(repoRoot, 'web-server/dist/main.js')], {
      env: cleanEnv({
        HOST: '127.0.0.1',
        PORT: new URL(origin).port,
        SITE_ORIGIN: INSTANCES[0]!,
        REMOTES: JSON.stringify(remotes),
        RELEASE_ENVIRONMENT: 'production',
        API_BASE_URL: articles.base,
        SSR_API_URL: articles.base,
        RELEASE_SERVICE_URL: api.base,
        AUTH_EMULATOR_PORT: '9099',
        ADMIN_EMAILS: 'admin@example.com',
        SSR_THREADS: '1',
      }),
    }),
  );
  const stopServers = async () => {
    await Promise.all(webServers.map((service) => stopService(service)));
    await publicSite.close();
    await Promise.all([api.stop(), articles.stop()]);
  };
  try {
    await Promise.all(webServers.map((service, n) => waitForHealthy(service, `${INSTANCES[n]}/healthz`)));
  } catch (error) {
    // A start that fails stops what it started: left running, its servers hold the world's fixed
    // ports, and every later file that starts the world fails on EADDRINUSE.
    await stopServers();
    throw error;
  }
  let token: string | null = null;
  const authorised = async (pathname: string) => {
    token ??= await adminToken();
    const response = await fetch(`${api.base}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${pathname}: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  };

  return {
    api,
    storeDir,
    manifestOf: (version) =>
      bucket
        ? `${publicStore.replace('{workspace}', 'public-site')}/${version}/mf-manifest.json`
        : releaseManifest(version),
    cli(script, args, cwd = repoRoot) {
      return new Promise((resolve) => {
        execFile(
          process.execPath,
          [path.join(cwd, 'scripts', `${script}.mjs`), ...args],
          {
            cwd,
            env: {
              ...process.env,
              RELEASE_API_URL: api.base,
              ...storeEnv,
              RELEASE_EMAIL: 'admin@example.com',
            },
            maxBuffer: 16 * 1024 * 1024,
          },
          (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
        );
      });
    },
    async publicSite() {
      const overview = (await authorised('/releases')) as ReleaseOverview;
      const remote = overview.remotes.find((candidate) => candidate.remote === 'public_site');
      if (!remote) throw new Error('public_site is missing from /api/releases');
      return remote.environments.production;
    },
    async audit() {
      return ((await authorised('/releases/audit?remote=public_site&limit=500')) as { entries: AuditEntry[] }).entries;
    },
    webServerOutput: () => webServers.map((service) => `── ${service.name}\n${service.output()}`).join('\n'),
    async stop() {
      await stopServers();
      fs.rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/**
 * A canary world started by a hook, and stopped by its file's afterAll even when the hook's limit
 * ended the wait for it: the start goes on, and the servers it starts would hold the world's fixed
 * ports, so every later file of the worker that starts the world would fail (EADDRINUSE, or a
 * leftover service answering for it) — one slow start took the lane's other three files with it.
 */
export function canaryWorldHook() {
  let starting: Promise<CanaryWorld> | undefined;
  return {
    start(options?: Parameters<typeof startCanaryWorld>[0]): Promise<CanaryWorld> {
      starting = startCanaryWorld(options);
      return starting;
    },
    async stop(): Promise<void> {
      // A start that failed has stopped what it started (startCanaryWorld).
      const world = await starting?.catch(() => undefined);
      starting = undefined;
      await world?.stop();
    },
  };
}

/**
 * The canary world of a spec file whose tests run one after another in it (each up to 4 min):
 * started before them with `options`, stopped after them; `world()` reads it inside a test.
 */
export function canaryWorldOfFile(options?: Parameters<typeof startCanaryWorld>[0]): () => CanaryWorld {
  test.describe.configure({ mode: 'serial', timeout: paced(240_000) });
  const hook = canaryWorldHook();
  let started: CanaryWorld | undefined;
  test.beforeAll(async () => {
    // Its services start beside the other lanes' starts, builds and browsers: a limit for a hang.
    test.setTimeout(paced(WORLD_START_MS));
    started = await hook.start(options);
  });
  test.afterAll(async () => {
    started = undefined;
    await hook.stop();
  });
  return () => {
    if (!started) throw new Error('canaryWorldOfFile: the world runs only inside the tests and hooks');
    return started;
  };
}

// The whole product on one machine: auth emulator, article API, release service, the three remotes and the shell.
// Used by `npm start` and by the end-to-end tests, so both run exactly the same thing.
import fs from 'node:fs';
import path from 'node:path';
import { ports, remotes, repoRoot, distDir, webApps } from './apps.mjs';
import { startChild, stopChild, waitForUrl, isUp } from './processes.mjs';
import { builtServiceEntry } from './services.mjs';
import os from 'node:os';
import { createRemoteServer, createShellServer, defaultRenderThreads } from 'web-server/dev';
import { localRegistry } from './apps.mjs';
import { releaseStoreDir } from './registry.mjs';
import { siteOrigin } from 'shared-deployables';

export const EMULATOR_PROJECT = 'demo-ai-manabi';
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);

export function runtimeConfig(env = process.env) {
  return {
    auth: env.FIREBASE_WEB_CONFIG
      ? { mode: 'project', config: JSON.parse(env.FIREBASE_WEB_CONFIG) }
      : { mode: 'emulator', projectId: EMULATOR_PROJECT, emulatorPort: ports.authEmulator },
    // Passed on as written: the page normalises the list with shared-core's parseAdminEmails,
    // the rule article-api applies to the same ADMIN_EMAILS (trimmed, lower-cased, default when empty).
    adminEmails: (env.ADMIN_EMAILS ?? '').split(','),
    // Origins an admin may preview a remote from (docs/releasing.md); also in the CSP.
    previewOrigins: (env.PREVIEW_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    ...(env.API_BASE_URL ? { apiBaseUrl: env.API_BASE_URL } : {}),
    ...(env.RELEASE_SERVICE_URL ? { releaseServiceUrl: env.RELEASE_SERVICE_URL } : {}),
    // The environment whose registry the stack serves: the page reports its remotes' health there.
    releaseEnvironment: env.RELEASE_ENVIRONMENT || 'production',
  };
}

/** Starts the Firebase Auth emulator unless one already answers on its port. */
export async function startAuthEmulator({ quiet = false } = {}) {
  const url = `http://127.0.0.1:${ports.authEmulator}/`;
  if (await isUp(url)) return { child: null, url, reused: true };
  const child = startChild(
    'auth',
    bin('firebase'),
    ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT],
    {
      cwd: repoRoot,
      env: { CI: '1', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_EXPERIMENTS: '' },
      quiet,
    },
  );
  await waitForUrl(url, { timeoutMs: 90000, child, label: 'Auth emulator' });
  return { child, url, reused: false };
}

/** Starts article-api with its data in `dataDir`. */
export async function startApi({ dataDir, quiet = false, env = {} } = {}) {
  const url = `http://127.0.0.1:${ports.api}/api/health`;
  const databasePath = path.join(dataDir, 'articles.sqlite');
  fs.mkdirSync(dataDir, { recursive: true });
  const child = startChild('api', process.execPath, [await builtServiceEntry('article-api')], {
    cwd: path.join(repoRoot, 'article-api'),
    env: {
      PORT: String(ports.api),
      DATABASE_PATH: databasePath,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.authEmulator}`,
      FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
      ...env,
    },
    quiet,
  });
  await waitForUrl(url, { timeoutMs: 60000, child, label: 'article-api' });
  return { child, url, databasePath };
}

/** Starts the release service with its own database in `dataDir`. */
export async function startReleaseService({ dataDir, quiet = false, env = {} } = {}) {
  const url = `http://127.0.0.1:${ports.releases}/api/health`;
  const databasePath = path.join(dataDir, 'releases.sqlite');
  fs.mkdirSync(dataDir, { recursive: true });
  const child = startChild('releases', process.execPath, [await builtServiceEntry('release-service')], {
    cwd: path.join(repoRoot, 'release-service'),
    env: {
      PORT: String(ports.releases),
      DATABASE_PATH: databasePath,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.authEmulator}`,
      FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
      // On one machine every browser is one address (127.0.0.1): the production limit of 30 health
      // reports a minute per address would answer a developer's or the browser suite's page views
      // 429 after the thirtieth, a console error on the page. The limit itself is tested in
      // release-service/test/health.test.ts and by the canary world's forged reports.
      HEALTH_REPORTS_PER_MINUTE: '6000',
      ...env,
    },
    quiet,
  });
  await waitForUrl(url, { timeoutMs: 60000, child, label: 'release-service' });
  return { child, url, databasePath };
}

/** The API as the shell's server reaches it (SSR_API_URL, else the public one, else local). */
export function serverApiBaseUrl(config, env = process.env) {
  return env.SSR_API_URL ?? config.apiBaseUrl ?? `http://127.0.0.1:${ports.api}/api`;
}

/** The release service as the shell's server reaches it (RELEASE_SERVICE_URL, else local). */
export function releaseServiceBaseUrl(env = process.env) {
  return env.RELEASE_SERVICE_URL ?? `http://127.0.0.1:${ports.releases}/api`;
}

/** The release registry's URL for this machine's environment (RELEASE_ENVIRONMENT, default production). */
export function registryServiceUrl(releaseServiceUrl = releaseServiceBaseUrl(), env = process.env) {
  return `${releaseServiceUrl.replace(/\/+$/, '')}/registry/${env.RELEASE_ENVIRONMENT || 'production'}`;
}

/**
 * Render threads for this machine: `SSR_THREADS` if it says how many (0: render on the server's
 * own thread), else web-server's default for the cores.
 */
export function renderThreadCount(env = process.env, log = console.error) {
  const cores = defaultRenderThreads(os.availableParallelism());
  if (env.SSR_THREADS === undefined || env.SSR_THREADS === '') return cores;
  const count = Number(env.SSR_THREADS);
  if (Number.isInteger(count) && count >= 0) return count;
  log(`SSR_THREADS must be a whole number (0 renders on the server's own thread); using ${cores}`);
  return cores;
}

/**
 * Serves one built web app with web-server, configured for this machine: remotes with CORS and
 * their release folders (/releases/<version>/), the shell with its pages, runtime files and server
 * rendering. The shell's registry is the local builds' lines with the release registry service's
 * over them (`registryUrl`, by default the API's, docs/releasing.md), or `registry`, a value or a
 * function read per request, when given. The site's origin is
 * http://localhost:<port> unless SITE_ORIGIN says otherwise; the Host header never sets it.
 *
 * @param {{ workspace: string, port: number, isHost?: boolean }} app
 * @param {{ port?: number, host?: string, root?: string, storeDir?: string, config?: object, serverRendering?: boolean,
 *           serverApiUrl?: string, renderThreads?: number, pageCache?: boolean, registryUrl?: string,
 *           remotes?: Record<string, string>, registry?: Record<string, string> | (() => Record<string, string>) }} [options]
 */
export function webAppServer(
  app,
  {
    port = app.port,
    host = process.env.HOST || '127.0.0.1',
    root = distDir(app.workspace),
    storeDir = releaseStoreDir(),
    registry,
    remotes = localRegistry(),
    config = runtimeConfig(),
    serverRendering = process.env.SERVER_RENDERING !== 'off',
    serverApiUrl = serverApiBaseUrl(config),
    registryUrl = registryServiceUrl(config.releaseServiceUrl ?? releaseServiceBaseUrl()),
    renderThreads = app.isHost ? renderThreadCount() : 0,
    pageCache = true,
  } = {},
) {
  if (!fs.existsSync(path.join(root, app.isHost ? 'index.html' : 'mf-manifest.json'))) {
    throw new Error(`${app.workspace} is not built (run npm run build)`);
  }
  if (!app.isHost) return createRemoteServer({ root, port, host, releasesDir: path.join(storeDir, app.workspace) });
  const registryNow = registry === undefined ? undefined : typeof registry === 'function' ? registry : () => registry;
  return createShellServer(
    {
      siteOrigin: siteOrigin(process.env.SITE_ORIGIN, port),
      host,
      port,
      shellDist: root,
      remotes: registryNow?.() ?? remotes,
      registryUrl: registryNow ? null : registryUrl,
      registryRefreshMs: 1000,
      runtime: config,
      serverApiUrl,
      serverRendering,
      pageCache,
      renderThreads,
      drainTimeoutMs: 10_000,
    },
    registryNow ? { registry: registryNow } : {},
  );
}

export async function startStack({
  dataDir = path.join(repoRoot, '.data'),
  quiet = false,
  withApi = true,
  withEmulator = true,
  apiEnv = {},
  releaseEnv = {},
  storeDir = releaseStoreDir(),
} = {}) {
  const stoppers = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s();
  };
  try {
    if (withEmulator) {
      const emulator = await startAuthEmulator({ quiet });
      stoppers.push(() => stopChild(emulator.child));
    }
    if (withApi) {
      // The API and the release service start side by side: neither needs the other.
      const started = await Promise.allSettled([
        startApi({ dataDir, quiet, env: apiEnv }),
        startReleaseService({ dataDir, quiet, env: releaseEnv }),
      ]);
      for (const result of started)
        if (result.status === 'fulfilled') stoppers.push(() => stopChild(result.value.child));
      const failed = started.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    }
    const servers = {};
    for (const app of webApps) {
      const server = webAppServer(app, { storeDir });
      await server.listen();
      servers[app.workspace] = server;
      stoppers.push(() => server.close());
    }
    return { stop, servers, shellUrl: `http://localhost:${ports.shell}/` };
  } catch (error) {
    await stop();
    throw error;
  }
}

export { remotes };

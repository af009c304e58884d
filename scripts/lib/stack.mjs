// The whole product on one machine: auth emulator, article API, the three remotes and the shell.
// Used by `npm start` and by the end-to-end tests, so both run exactly the same thing.
import fs from 'node:fs';
import path from 'node:path';
import { ports, remotes, repoRoot, distDir, webApps } from './apps.mjs';
import { startChild, stopChild, waitForUrl, isUp } from './processes.mjs';
import { createStaticServer } from './staticServer.mjs';
import { noncedPolicies, remoteContentSecurityPolicy } from './csp.mjs';
import { readLiveRegistry, releaseStoreDir } from './registry.mjs';
import { createServerRenderer } from './serverRendering.mjs';
import { renderThreadCount } from './renderPool.mjs';

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
    // Origins an admin may preview a remote from (README "Releasing a remote"); also in the CSP.
    previewOrigins: (env.PREVIEW_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    ...(env.API_BASE_URL ? { apiBaseUrl: env.API_BASE_URL } : {}),
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
  const child = startChild('api', bin('tsx'), [path.join(repoRoot, 'article-api/src/server.ts')], {
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

/** Paths the shell renders itself or behind sign-in; every other page is public-site's. */
const NON_PUBLIC = /^\/(business|admin|profile|not-found)(\/|$)/;

/**
 * On a public page the shell's HTML starts fetching public-site's manifest and entry at once,
 * in parallel with the shell's own scripts (the registry names the manifest; the entry sits
 * beside it).
 */
export function publicRemotePreloads(registry, pathname) {
  const manifest = registry.public_site;
  if (!manifest || NON_PUBLIC.test(pathname)) return '';
  const entry = new URL('remoteEntry.js', manifest).href;
  return `<link rel="preload" href="${manifest}" as="fetch" crossorigin="anonymous"><link rel="preload" href="${entry}" as="script">`;
}

/** Every page names the articles feed (feed readers find it from any page). */
const FEED_LINK = '<link rel="alternate" type="application/rss+xml" title="AIまなび" href="/feed.xml">';

/** The API as the shell's server reaches it (SSR_API_URL, else the public one, else local). */
export function serverApiBaseUrl(config, env = process.env) {
  return env.SSR_API_URL ?? config.apiBaseUrl ?? `http://127.0.0.1:${ports.api}/api`;
}

/**
 * Serves one built web app; remotes with CORS and their release folders (/releases/<version>/),
 * the shell with its runtime files. `registry` is a value or a function read per request (by
 * default the release store's live registry, README "Releasing a remote").
 *
 * @param {{ workspace: string, port: number, isHost?: boolean }} app
 * @param {{ port?: number, root?: string, storeDir?: string, config?: object, serverRendering?: boolean,
 *           serverApiUrl?: string, renderThreads?: number, pageCache?: boolean,
 *           registry?: Record<string, string> | (() => Record<string, string>) }} [options]
 */
export function webAppServer(
  app,
  {
    port = app.port,
    root = distDir(app.workspace),
    storeDir = releaseStoreDir(),
    registry = () => readLiveRegistry({ storeDir }),
    config = runtimeConfig(),
    serverRendering = process.env.SERVER_RENDERING !== 'off',
    serverApiUrl = serverApiBaseUrl(config),
    renderThreads = app.isHost ? renderThreadCount() : 0,
    pageCache = true,
  } = {},
) {
  if (!fs.existsSync(path.join(root, app.isHost ? 'index.html' : 'mf-manifest.json'))) {
    throw new Error(`${app.workspace} is not built (run npm run build)`);
  }
  const registryNow = typeof registry === 'function' ? registry : () => registry;
  const hostnameOf = (req) => (req.headers.host ?? 'localhost').replace(/:\d+$/, '');
  const policyFor = noncedPolicies(config);
  const serverRenderer =
    app.isHost && serverRendering
      ? createServerRenderer({
          shellDist: root,
          registry: registryNow,
          config,
          apiBaseUrl: serverApiUrl,
          threads: renderThreads,
          pageCache,
        })
      : null;
  return createStaticServer({
    root,
    port,
    cors: !app.isHost,
    jsonFiles: app.isHost ? { '/mf-remotes.json': registryNow, '/app-config.json': config } : {},
    releases: app.isHost ? undefined : { prefix: '/releases/', dir: path.join(storeDir, app.workspace) },
    headTags: app.isHost ? (pathname) => FEED_LINK + publicRemotePreloads(registryNow(), pathname) : undefined,
    serverRenderer,
    documents: serverRenderer ? (pathname, origin) => serverRenderer.document(pathname, origin) : undefined,
    contentSecurityPolicy: app.isHost
      ? (req, nonce) => policyFor({ registry: registryNow(), hostname: hostnameOf(req), nonce })
      : () => remoteContentSecurityPolicy(),
  });
}

export async function startStack({
  dataDir = path.join(repoRoot, '.data'),
  quiet = false,
  withApi = true,
  withEmulator = true,
  apiEnv = {},
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
      const api = await startApi({ dataDir, quiet, env: apiEnv });
      stoppers.push(() => stopChild(api.child));
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

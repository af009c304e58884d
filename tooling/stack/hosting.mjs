// Firebase Hosting for the web apps: one site (hosting target) per app, each serving its production
// build with the headers the web server sends (web-server/src/http/staticFiles.ts, web-server/src/config/csp.ts):
// no-cache on what names other files (HTML, manifests, entries, registry, config), a year of
// immutable caching on content-hashed files, CORS on the remotes, the CSP. The shell's site also
// sends /api/** to the article API's container service. firebase.json's "hosting" section is
// written from here (npm run hosting:prepare), so the two cannot drift apart.
import fs from 'node:fs';
import path from 'node:path';
import { distDir, webApps } from './apps.mjs';
import { contentSecurityPolicy, HASHED_FILE, IMMUTABLE, remoteContentSecurityPolicy } from 'web-server';

/** Where `npm run hosting:prepare` stages each app's files (the `public` of its target). */
export const STAGING_DIR = '.hosting';

/**
 * The deployment firebase.json is written for: the sites' default URLs in a project named
 * `ai-manabi`, the article API as Cloud Run service `article-api` in Tokyo. Another project or
 * other site names: set the variables of `deploymentFromEnv` and run `npm run hosting:prepare`.
 */
export const DEFAULT_DEPLOYMENT = {
  origins: {
    shell: 'https://ai-manabi.web.app',
    'public-site': 'https://ai-manabi-public.web.app',
    'business-portal': 'https://ai-manabi-business.web.app',
    'admin-console': 'https://ai-manabi-admin.web.app',
  },
  authDomain: 'ai-manabi.firebaseapp.com',
  api: { serviceId: 'article-api', region: 'asia-northeast1' },
  /** The shell's server (server rendering), used when pages come from it (`shellPages: 'server'`). */
  shellServer: { serviceId: 'shell', region: 'asia-northeast1' },
};

/** The deployment the environment describes, DEFAULT_DEPLOYMENT where it is silent. */
export function deploymentFromEnv(env = process.env) {
  const origin = (variable, fallback) => (env[variable] ? new URL(env[variable]).origin : fallback);
  const defaults = DEFAULT_DEPLOYMENT;
  const webConfig = env.FIREBASE_WEB_CONFIG ? JSON.parse(env.FIREBASE_WEB_CONFIG) : null;
  return {
    origins: {
      shell: origin('SHELL_ORIGIN', defaults.origins.shell),
      'public-site': origin('PUBLIC_SITE_ORIGIN', defaults.origins['public-site']),
      'business-portal': origin('BUSINESS_PORTAL_ORIGIN', defaults.origins['business-portal']),
      'admin-console': origin('ADMIN_CONSOLE_ORIGIN', defaults.origins['admin-console']),
    },
    authDomain: webConfig?.authDomain ?? defaults.authDomain,
    api: { serviceId: env.API_SERVICE ?? defaults.api.serviceId, region: env.API_REGION ?? defaults.api.region },
    shellServer: {
      serviceId: env.SHELL_SERVICE ?? defaults.shellServer.serviceId,
      region: env.API_REGION ?? defaults.shellServer.region,
    },
  };
}

/**
 * The shell's registry: remote name → manifest URL on that remote's site.
 * @param {typeof DEFAULT_DEPLOYMENT} deployment
 */
export function registryFor(deployment) {
  return Object.fromEntries(
    webApps
      .filter((app) => !app.isHost)
      .map((app) => [app.federationName, `${deployment.origins[app.workspace]}/mf-manifest.json`]),
  );
}

/**
 * The shell's /app-config.json on Hosting: the API on the shell's own origin (the /api rewrite),
 * Firebase Auth of the project (or the emulator, for the emulator test), the admin rule.
 * @param {typeof DEFAULT_DEPLOYMENT} deployment
 * @param {{ webConfig?: Record<string, string> | null, emulatorPort?: number | null, adminEmails?: string[] }} [options]
 */
export function appConfigFor(deployment, { webConfig = null, emulatorPort = null, adminEmails = [] } = {}) {
  const auth = webConfig
    ? { mode: 'project', config: webConfig }
    : { mode: 'emulator', projectId: 'demo-ai-manabi', emulatorPort: emulatorPort ?? 9099 };
  return { apiBaseUrl: `${deployment.origins.shell}/api`, auth, adminEmails };
}

const header = (key, value) => ({ key, value });
/** HTML pages: deep links (no dot in the last segment) and index.html, as staticServer.mjs decides. */
const PAGES = '^(.*/[^./]*|.*/index\\.html)$';

function headersFor(app, deployment, appConfig, serverPages) {
  const hostname = new URL(deployment.origins.shell).hostname;
  const pageCsp = app.isHost
    ? contentSecurityPolicy({ registry: registryFor(deployment), config: appConfig, hostname, nonce: null })
    : remoteContentSecurityPolicy();
  return [
    {
      source: '**',
      headers: [
        header('Cache-Control', 'no-cache'),
        header('X-Content-Type-Options', 'nosniff'),
        // The shell fetches a remote's manifest, entry and chunks from another origin.
        ...(app.isHost ? [] : [header('Access-Control-Allow-Origin', '*')]),
      ],
    },
    { regex: HASHED_FILE.source, headers: [header('Cache-Control', IMMUTABLE)] },
    // Server-rendered pages carry the server's own CSP, with its per-response nonce.
    ...(serverPages ? [] : [pageHeaders(pageCsp)]),
  ];
}

function pageHeaders(pageCsp) {
  return {
    regex: PAGES,
    headers: [header('Content-Security-Policy', pageCsp), header('Referrer-Policy', 'strict-origin-when-cross-origin')],
  };
}

/**
 * firebase.json's "hosting" array. `appConfig` is what the shell's CSP allows connections and
 * frames for (its auth backend); `root` is where the staged folders are, relative to firebase.json.
 * `shellPages`: 'static' serves the shell's index.html for every page (rendered in the browser);
 * 'server' sends every page to the shell's server on the container platform (server rendering,
 * `node scripts/serve-one.mjs shell`), Hosting keeping the files and their caching.
 * @param {typeof DEFAULT_DEPLOYMENT} deployment
 * @param {{ appConfig?: ReturnType<typeof appConfigFor>, root?: string, shellPages?: 'static' | 'server' }} [options]
 */
export function hostingConfig(deployment, { appConfig, root = STAGING_DIR, shellPages = 'static' } = {}) {
  const config = appConfig ?? appConfigFor(deployment, { webConfig: { authDomain: deployment.authDomain } });
  return webApps.map((app) => {
    const serverPages = Boolean(app.isHost) && shellPages === 'server';
    return {
      target: app.workspace,
      public: path.posix.join(root, app.workspace),
      // With server pages, `/` must not find a static index.html first.
      ignore: ['firebase.json', '**/.*', '**/*.br', '**/*.gz', ...(serverPages ? ['index.html'] : [])],
      headers: headersFor(app, deployment, config, serverPages),
      rewrites: [
        ...(app.isHost ? [{ source: '/api/**', run: deployment.api }] : []),
        serverPages ? { source: '**', run: deployment.shellServer } : { source: '**', destination: '/index.html' },
      ],
    };
  });
}

const SKIPPED = /\.(br|gz)$/;

/** Copies each app's dist into `<stagingRoot>/<app>` and writes the shell's runtime files. */
export function stageBuilds(stagingRoot, deployment, appConfig) {
  for (const app of webApps) {
    const dist = distDir(app.workspace);
    if (!fs.existsSync(path.join(dist, app.isHost ? 'index.html' : 'mf-manifest.json'))) {
      throw new Error(`${app.workspace} is not built: run npm run build first`);
    }
    const target = path.join(stagingRoot, app.workspace);
    fs.rmSync(target, { recursive: true, force: true });
    fs.cpSync(dist, target, { recursive: true, filter: (source) => !SKIPPED.test(source) });
    if (app.isHost) {
      fs.writeFileSync(path.join(target, 'mf-remotes.json'), JSON.stringify(registryFor(deployment)));
      fs.writeFileSync(path.join(target, 'app-config.json'), JSON.stringify(appConfig));
    }
  }
}

/** Replaces firebase.json's "hosting" section, keeping everything else (the emulators) as it is. */
export function writeHostingSection(firebaseJsonPath, hosting) {
  const firebaseJson = JSON.parse(fs.readFileSync(firebaseJsonPath, 'utf8'));
  firebaseJson.hosting = hosting;
  fs.writeFileSync(firebaseJsonPath, `${JSON.stringify(firebaseJson, null, 2)}\n`);
}

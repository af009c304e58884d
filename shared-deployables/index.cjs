// The deployables of the repo, once: name, workspace, local port, Module Federation name and
// whether it is the host; and the site's origin, read and checked by one rule. Read by the build,
// start, dev and serve scripts (through local-stack/apps.mjs), the webpack configs, the registry
// writer (localRegistry), the size budgets (.size-limit.cjs), the web server (registry, CSP,
// configuration) and the release service and tooling (docs/architecture.md). CommonJS, so that
// webpack configs and size-limit can require it as it is, and TypeScript reads its types from it.

/** The web apps in build order: the remotes, then the shell that loads them. */
const webApps = [
  { name: 'public-site', workspace: 'public-site', port: 3002, federationName: 'public_site', isHost: false },
  {
    name: 'business-portal',
    workspace: 'business-portal',
    port: 3003,
    federationName: 'business_portal',
    isHost: false,
  },
  { name: 'admin-console', workspace: 'admin-console', port: 3004, federationName: 'admin_console', isHost: false },
  { name: 'shell', workspace: 'shell', port: 3000, federationName: 'shell', isHost: true },
];
const remotes = webApps.filter((app) => !app.isHost);
const host = webApps.find((app) => app.isHost);

/** The article API, served under `basePath`. */
const api = { name: 'api', workspace: 'article-api', port: 3001, basePath: '/api' };

/** The release registry service (releases, canaries, health reports), served under `basePath`. */
const releaseService = { name: 'releases', workspace: 'release-service', port: 3005, basePath: '/api' };

/** Not deployed, but started locally beside the rest. */
const authEmulator = { name: 'authEmulator', port: 9099 };

const deployables = [...webApps, api, releaseService];

/** Local port by name: ports.shell, ports['public-site'], ports.api, ports.releases, ports.authEmulator. */
const ports = Object.fromEntries([...deployables, authEmulator].map((d) => [d.name, d.port]));

/** The web app deployed from `workspace`; throws for a name that is not one. */
function webApp(workspace) {
  const app = webApps.find((candidate) => candidate.workspace === workspace);
  if (!app) throw new Error(`${workspace} is not a web app (${webApps.map((a) => a.workspace).join(', ')})`);
  return app;
}

/** The registry the shell reads at start-up (/mf-remotes.json): remote name → manifest URL. */
function localRegistry(hostname = 'localhost', portOf = (app) => app.port) {
  return Object.fromEntries(
    remotes.map((app) => [app.federationName, `http://${hostname}:${portOf(app)}/mf-manifest.json`]),
  );
}

/**
 * What is wrong with `value` as the site's origin (SITE_ORIGIN), or null: an absolute http(s)
 * URL with nothing after the host (canonical, share and feed URLs are built on it).
 * @param {string} value
 * @returns {string | null}
 */
function siteOriginProblem(value) {
  let url;
  try {
    url = new URL(value.trim());
  } catch {
    return 'SITE_ORIGIN must be an absolute http(s) URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'SITE_ORIGIN must be an absolute http(s) URL';
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') return 'SITE_ORIGIN is an origin, without a path';
  return null;
}

/**
 * The site's origin: SITE_ORIGIN when set, else the shell on this machine (http://localhost:<port>).
 * The web server's configuration, the dev stack and the dev build all read it here, so the three
 * cannot disagree; the Host header of a request never sets it.
 * @param {string | undefined} value  SITE_ORIGIN
 * @param {number} [port]  the shell's port, when SITE_ORIGIN is unset
 * @returns {string}
 * @throws {Error} naming what is wrong with SITE_ORIGIN
 */
function siteOrigin(value, port = ports.shell) {
  if (value === undefined || value.trim() === '') return `http://localhost:${port}`;
  const problem = siteOriginProblem(value);
  if (problem) throw new Error(`${problem} (${value})`);
  return new URL(value.trim()).origin;
}

module.exports = {
  webApps,
  remotes,
  host,
  api,
  releaseService,
  authEmulator,
  deployables,
  ports,
  webApp,
  localRegistry,
  siteOrigin,
  siteOriginProblem,
};

// The deployables of the repo, once: name, workspace, local port, Module Federation name and
// whether it is the host. Read by the build, start, dev and serve scripts (through apps.mjs), the
// webpack configs, the registry writer (localRegistry), the size budgets (.size-limit.cjs) and
// the CSP builder (docs/architecture.md). CommonJS, so that webpack and size-limit can require it.

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
};

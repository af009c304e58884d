const { createConfig, createServerConfig } = require('webpack-config');
const { webApp } = require('shared-deployables');
const { ArticlesSnapshotPlugin } = require('./build/ArticlesSnapshotPlugin');

const app = {
  dir: __dirname,
  // name, workspace, port, federation name, host or not: from the one list (shared-deployables)
  ...webApp('public-site'),
  // The browser's routes wait for the code of the page at the URL (src/routesInBrowser.ts).
  exposes: { './routes': './src/routesInBrowser.ts' },
  hasServerBuild: true,
  // The shell's server renders the public pages with these (docs/server-rendering.md).
  serverExposes: { './routes': './src/routes.tsx', './server': './src/server.tsx' },
};
const browserConfig = createConfig(app);
const serverConfig = createServerConfig(app);

/** The browser build (plus the articles snapshot, the API-down fallback) and the server build. */
module.exports = (env, argv) => {
  const browser = browserConfig(env, argv);
  browser.plugins.push(new ArticlesSnapshotPlugin());
  // `webpack serve` (npm run dev) serves the browser build only.
  return process.env.WEBPACK_SERVE ? browser : [browser, serverConfig(env, argv)];
};

const path = require('node:path');
const { createConfig, createServerConfig } = require('webpack-config');
const { webApp } = require('shared-deployables');

const app = {
  dir: __dirname,
  // name, workspace, port, federation name, host or not: from the one list (shared-deployables)
  ...webApp('shell'),
  hasServerBuild: true,
  publicDir: path.join(__dirname, 'public'),
  preload: [
    // The logo and section headings use Montserrat 700 (latin): small, and on every page.
    /montserrat-latin-700-normal\.[0-9a-f]+\.woff2$/,
    // The chunks bootstrap needs on every page: fetched with main.js instead of after it.
    /^src_bootstrap_tsx\.[0-9a-f]+\.js$/,
    /^vendors-node_modules_react-dom_client_js\.[0-9a-f]+\.js$/,
    /^node_modules_react_index_js\.[0-9a-f]+\.js$/,
    /^vendors-node_modules_react-router_dist_[^.]+\.[0-9a-f]+\.js$/,
    /^vendors-node_modules_styled-components_[^.]+\.[0-9a-f]+\.js$/,
    // A provided shared module is emitted as `…-_<id>0.<hash>.js` (the copy pages load).
    /^shared-(core|context|ui|auth|articles)_src_index_ts(-_[0-9a-f]+0)?\.[0-9a-f]+\.js$/,
  ],
  // The web fonts' @font-face rules (font-display: optional) are linked by the HTML itself, so
  // they are there at the first paint of a server-rendered page: the optional-font decision is
  // made then, and no face swaps in afterwards. Added by bootstrap's CSS chunk, they came after
  // that paint: Montserrat (preloaded, so at once) widened the Latin letters of an article's
  // title, which took one more line and pushed the body down (CLS 0.026 on every article page;
  // up to 0.22 when Noto Sans JP swapped in too). bootstrap's chunk loader finds this <link> and
  // does not add another.
  stylesheets: [/^vendors-node_modules_fontsource_[^.]+\.[0-9a-f]+\.css$/],
  preloadUrls: [
    { href: '/mf-remotes.json', as: 'fetch' },
    { href: '/app-config.json', as: 'fetch' },
  ],
  // The server that renders public pages (dist/server/main.js); jsdom (the sanitiser's DOM) is
  // not bundled.
  serverEntry: './src/server/index.ts',
  serverExternals: { jsdom: 'commonjs jsdom' },
};
const browserConfig = createConfig(app);
const serverConfig = createServerConfig(app);

/** The browser build and the server renderer; `webpack serve` (npm run dev) builds the browser one. */
module.exports = (env, argv) =>
  process.env.WEBPACK_SERVE ? browserConfig(env, argv) : [browserConfig(env, argv), serverConfig(env, argv)];

const path = require('node:path');
const { createConfig } = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  workspace: 'shell',
  federationName: 'shell',
  isHost: true,
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
    /^shared-(ui|auth|articles)_src_index_ts\.[0-9a-f]+\.js$/,
  ],
  preloadUrls: [
    { href: '/mf-remotes.json', as: 'fetch' },
    { href: '/app-config.json', as: 'fetch' },
  ],
});

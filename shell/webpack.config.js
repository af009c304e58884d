const path = require('node:path');
const { createConfig } = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  workspace: 'shell',
  federationName: 'shell',
  isHost: true,
  publicDir: path.join(__dirname, 'public'),
  // The logo and section headings use Montserrat 700 (latin): small, and on every page.
  preload: [/montserrat-latin-700-normal\.[0-9a-f]+\.woff2$/],
});

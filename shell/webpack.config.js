const path = require('node:path');
const { createConfig } = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  workspace: 'shell',
  federationName: 'shell',
  isHost: true,
  publicDir: path.join(__dirname, 'public'),
});

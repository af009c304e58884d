const { createConfig } = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  workspace: 'public-site',
  federationName: 'public_site',
  exposes: { './routes': './src/routes.tsx' },
});

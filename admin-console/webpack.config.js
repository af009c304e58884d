const { createConfig } = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  workspace: 'admin-console',
  federationName: 'admin_console',
  exposes: { './routes': './src/routes.tsx' },
});

const { createConfig } = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  workspace: 'business-portal',
  federationName: 'business_portal',
  exposes: { './routes': './src/routes.tsx' },
});

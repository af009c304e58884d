const { createConfig } = require('webpack-config');
const { webApp } = require('shared-deployables');

module.exports = createConfig({
  dir: __dirname,
  // name, workspace, port, federation name, host or not: from the one list (shared-deployables)
  ...webApp('business-portal'),
  exposes: { './routes': './src/routes.tsx' },
});

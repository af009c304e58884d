const { createConfig } = require('webpack-config');
const { webApp } = require('../scripts/lib/deployables.cjs');

module.exports = createConfig({
  dir: __dirname,
  // name, workspace, port, federation name, host or not: from the one list (scripts/lib/deployables.cjs)
  ...webApp('admin-console'),
  exposes: { './routes': './src/routes.tsx' },
});

const { createConfig } = require('../scripts/webpack/createConfig');
const { ArticlesSnapshotPlugin } = require('./build/ArticlesSnapshotPlugin');

const configFor = createConfig({
  dir: __dirname,
  workspace: 'public-site',
  federationName: 'public_site',
  exposes: { './routes': './src/routes.tsx' },
});

/** The shared factory's config plus the articles snapshot asset (the API-down fallback). */
module.exports = (env, argv) => {
  const config = configFor(env, argv);
  config.plugins.push(new ArticlesSnapshotPlugin());
  return config;
};

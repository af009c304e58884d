// The server build of an app, from the same source as its browser build: Module Federation for
// Node (`target: 'async-node'`, a `commonjs-module` container, the node runtime plugin that loads
// a remote's chunks over HTTP). public-site's is its `server/` folder, deployed with it and
// announced in its manifest; the shell's is the renderer its server requires.
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { persistentCache, sharedConfig } = require('./shared');
const { ConsumeSharedCachePlugin } = require('./plugins/ConsumeSharedCachePlugin');
const { resolveFor, typescriptRule, svgRule } = require('./sourceRules');

/** The folder of a server build: `server/` inside the app's output folder. */
const serverOutputDir = (app) => path.join(process.env.MF_OUTPUT_DIR ?? path.join(app.dir, 'dist'), 'server');

/**
 * @param {object} app
 * @param {string} app.dir
 * @param {string} app.workspace
 * @param {string} app.federationName
 * @param {Record<string,string>} [app.serverExposes]  what a remote's server build exposes
 * @param {string} [app.serverEntry]                   the host's renderer entry
 * @param {Record<string,string>} [app.serverExternals]  packages required from node_modules at run time
 */
function createServerConfig(app) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      name: `${app.workspace}-server`,
      mode: production ? 'production' : 'development',
      target: 'async-node',
      context: app.dir,
      entry: app.serverEntry ? { main: app.serverEntry } : {},
      devtool: false,
      cache: production ? persistentCache(`${app.workspace}-server`, app.dir) : undefined,
      output: {
        path: serverOutputDir(app),
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:10].js',
        // No fixed origin: a remote's chunks are fetched from beside the remoteEntry.js the
        // host loaded (the node runtime plugin falls back to that URL), wherever it is deployed.
        publicPath: '',
        uniqueName: `${app.federationName}_server`,
        library: app.serverEntry ? { type: 'commonjs2' } : undefined,
        clean: true,
      },
      externals: app.serverExternals ?? {},
      resolve: resolveFor(production),
      module: {
        rules: [
          typescriptRule,
          // Every module the server runs, ours and the packages' (see the loader for why).
          {
            test: /\.[cm]?[jt]sx?$/,
            enforce: 'post',
            loader: require.resolve('library-overrides/spread-first/spreadFirstLoader.js'),
          },
          // Stylesheets and fonts belong to the browser build; the server renders markup only.
          { test: /\.css$/, type: 'asset/source' },
          svgRule,
          {
            test: /\.(png|jpe?g|gif|webp|woff2?)$/,
            type: 'asset/resource',
            generator: { emit: false, filename: 'assets/[name].[contenthash:10][ext]' },
          },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          __SSR__: 'true',
          // Which release rendered a page (the X-Render header): the manifest's buildVersion.
          __BUILD_VERSION__: JSON.stringify(process.env.MF_BUILD_VERSION ?? 'local'),
        }),
        new ConsumeSharedCachePlugin(),
        new ModuleFederationPlugin({
          name: app.federationName,
          filename: 'remoteEntry.js',
          exposes: app.serverExposes ?? {},
          remotes: {},
          library: { type: 'commonjs-module', name: app.federationName },
          remoteType: 'script',
          shared: sharedConfig({ server: true }),
          shareStrategy: 'loaded-first',
          manifest: false,
          dts: false,
          runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        }),
      ],
      optimization: { moduleIds: 'deterministic', chunkIds: 'named', minimize: false },
      performance: { hints: false },
    };
  };
}

module.exports = { createServerConfig, serverOutputDir };

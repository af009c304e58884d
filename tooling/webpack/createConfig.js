// One webpack configuration for the shell and the three remotes; each app's webpack.config.js
// only says who it is and what it exposes.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { persistentCache, sharedConfig } = require('./shared');
const { memoisedSatisfy } = require('library-overrides/federation-runtime/memoisedSatisfy');
const { PreloadAssetsPlugin } = require('./plugins/PreloadAssetsPlugin');
const { SsrManifestPlugin } = require('./plugins/SsrManifestPlugin');
const { CompileHintsPlugin } = require('./plugins/CompileHintsPlugin');
const { StandaloneRuntimeCorePlugin } = require('./plugins/StandaloneRuntimeCorePlugin');
const { ConsumeSharedCachePlugin } = require('./plugins/ConsumeSharedCachePlugin');
const { resolveFor, typescriptRule, svgRule } = require('./sourceRules');
const webpack = require('webpack');
const { localRegistry, ports, siteOrigin } = require('shared-deployables');

/** The dev shell's server rendering (web-server's dev entry, an ES module). */
function devPageHandler(app, devServer) {
  // Read before the import: a malformed SITE_ORIGIN stops `npm run dev` at once, naming it.
  const origin = siteOrigin(process.env.SITE_ORIGIN, ports.shell);
  const handler = import('web-server/dev').then(({ createDevPageHandler }) => {
    const readTemplate = () => {
      const { outputFileSystem, stats } = devServer.middleware.context;
      const outputPath = stats.toJson({ all: false, outputPath: true }).outputPath;
      return outputFileSystem.readFileSync(path.join(outputPath, 'index.html'), 'utf8');
    };
    return createDevPageHandler({
      shellDir: app.dir,
      registry: () => localRegistry(),
      config: {},
      apiBaseUrl: `http://127.0.0.1:${ports.api}/api`,
      siteOrigin: origin,
      readTemplate,
    });
  });
  return (req, res, next) => handler.then((handle) => handle(req, res, next), next);
}

/**
 * The page's icon, in the HTML itself (a `data:` URL of the app's public/favicon.svg, 0.3 KB): as
 * a file it was a request of its own that ended before the first paint, which a visitor does not
 * need for it and Lighthouse's simulation charges to LCP (docs/performance.md). An app without the
 * file keeps naming /favicon.svg.
 */
function iconHref(publicDir) {
  const file = publicDir && path.join(publicDir, 'favicon.svg');
  if (!file || !fs.existsSync(file)) return '/favicon.svg';
  return `data:image/svg+xml,${encodeURIComponent(fs.readFileSync(file, 'utf8').trim())}`;
}

/**
 * @param {object} app
 * @param {string} app.dir         absolute path of the workspace
 * @param {string} app.workspace   workspace name (shell, public-site, ...)
 * @param {string} app.federationName  JS identifier used in the registry (shell, public_site, ...)
 * @param {number} app.port        local port (npm run dev)
 * @param {Record<string,string>} [app.exposes]  remotes only
 * @param {boolean} [app.isHost]
 * @param {string} [app.title]
 * @param {RegExp[]} [app.preload]  emitted assets to preload from the HTML (the shell's first chunks, hero font)
 * @param {{ href: string, as: string }[]} [app.preloadUrls]  other URLs to preload (runtime files)
 * @param {RegExp[]} [app.stylesheets]  emitted stylesheets the HTML links itself (the web fonts' @font-face rules)
 * @param {boolean} [app.hasServerBuild]  a server build sits in dist/server (createServerConfig)
 */
function createConfig(app) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const compressible = /\.(js|css|html|json|svg|txt)$/;
    const resolve = resolveFor(production);
    const satisfy = memoisedSatisfy();
    return {
      mode: production ? 'production' : 'development',
      context: app.dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      cache: production ? persistentCache(`${app.workspace}-browser`, app.dir) : undefined,
      output: {
        // MF_OUTPUT_DIR lets a deploy (or the e2e redeploy test) build into another folder.
        path: process.env.MF_OUTPUT_DIR ?? path.join(app.dir, 'dist'),
        // Entry chunks keep stable names (served with no-cache): the federation runtime module
        // cannot resolve a hash in the entry filename. Every other chunk is content-hashed, in
        // development too: a shared module served from a local wrapper (react-router-dom's,
        // styled-components') emits two chunks of one name, its provided copy and its fallback,
        // and `npm run dev` stopped on the name conflict.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        publicPath: app.isHost ? '/' : 'auto',
        uniqueName: app.federationName,
        // The server build's folder is another compiler's output.
        clean: app.hasServerBuild ? { keep: /^server\// } : true,
      },
      resolve: { ...resolve, alias: { ...resolve.alias, ...satisfy.alias } },
      module: {
        rules: [
          typescriptRule,
          {
            test: /\.css$/,
            use: [MiniCssExtractPlugin.loader, 'css-loader', require.resolve('./loaders/fontDisplayLoader.js')],
          },
          svgRule,
          { test: /\.(png|jpe?g|gif|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({ __SSR__: 'false' }),
        satisfy.plugin,
        new ConsumeSharedCachePlugin(),
        new ModuleFederationPlugin({
          name: app.federationName,
          filename: 'remoteEntry.js',
          exposes: app.exposes ?? {},
          remotes: {},
          shared: sharedConfig(),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // The host hands its federation runtime to the remotes (runtime/provideRuntimeCore.js).
          runtimePlugins: app.isHost
            ? [require.resolve('./runtime/retryRuntimePlugin.js'), require.resolve('./runtime/provideRuntimeCore.js')]
            : [],
          // Browser-only builds: drops the runtime's Node code paths.
          // Remotes load no remotes of their own and need no manifest snapshots: their
          // remoteEntry.js drops that part of the runtime (the shell keeps it). Nor do they bring
          // the runtime's core at all: they use the shell's (≈ 9.6 KB brotli less on every public
          // page; their standalone harness gets its own, StandaloneRuntimeCorePlugin).
          experiments: {
            optimization: { target: 'web', ...(app.isHost ? {} : { disableRemote: true, disableSnapshot: true }) },
            ...(app.isHost ? {} : { externalRuntime: true }),
          },
        }),
        ...(app.isHost ? [] : [new StandaloneRuntimeCorePlugin({ production })]),
        ...(app.hasServerBuild && !app.isHost
          ? [new SsrManifestPlugin({ path: 'server/', name: 'remoteEntry.js' })]
          : []),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        }),
        ...(app.publicDir
          ? [
              new CopyPlugin({
                // mf-remotes.json and app-config.json are deploy-time files (docs/hosting.md).
                patterns: [
                  {
                    from: app.publicDir,
                    noErrorOnMissing: true,
                    globOptions: { ignore: ['**/mf-remotes.json', '**/app-config.json'] },
                  },
                ],
              }),
            ]
          : []),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title: app.title ?? 'AIまなび',
          iconHref: iconHref(app.publicDir),
          scriptLoading: 'defer',
          chunks: ['main'],
        }),
        ...(app.preload
          ? [new PreloadAssetsPlugin({ test: app.preload, urls: app.preloadUrls, stylesheets: app.stylesheets })]
          : []),
        ...(production
          ? [
              // Every chunk a page runs at start-up compiles off the main thread. Firebase is
              // loaded for sign-in and runs a small part of itself then: it stays lazy.
              new CompileHintsPlugin({ exclude: /firebase/ }),
              new CompressionPlugin({
                test: compressible,
                algorithm: 'gzip',
                filename: '[path][base].gz',
                threshold: 512,
              }),
              new CompressionPlugin({
                test: compressible,
                algorithm: 'brotliCompress',
                filename: '[path][base].br',
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 512,
              }),
            ]
          : []),
      ],
      // Named chunks (e.g. node_modules_react-dom_client_js) let the size budgets and the benchmark
      // tell vendor, app and Firebase code apart.
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'named',
        // JavaScript is minified by swc instead of Terser: a production build (`npm run build`, a
        // release's, a browser test's) in half the CPU, and output no larger (docs/performance.md,
        // "Bundle"). webpack's default minimizer ('...') stays for the HTML (and CSS) it minifies,
        // with its JavaScript turned off, so index.html is minified as before (only scripts' hashes differ).
        minimizeOptions: { javascript: false },
        minimizer: ['...', new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      },
      performance: { hints: false },
      devServer: {
        port: app.port,
        historyApiFallback: true,
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: [
          ...(app.publicDir ? [{ directory: app.publicDir }] : []),
          // npm run dev: the remote's server build (webpack --watch, scripts/dev.mjs), announced
          // by this dev manifest like the production one.
          ...(app.hasServerBuild && !app.isHost
            ? [{ directory: path.join(app.dir, '.dev-dist', 'server'), publicPath: '/server', watch: false }]
            : []),
        ],
        client: { overlay: { warnings: false } },
        // The dev shell's registry, written from the one list of deployables like npm start's,
        // and its public pages rendered on the server like npm start's.
        setupMiddlewares: (middlewares, devServer) =>
          app.isHost
            ? [
                { name: 'mf-remotes', path: '/mf-remotes.json', middleware: (_req, res) => res.json(localRegistry()) },
                { name: 'server-rendering', middleware: devPageHandler(app, devServer) },
                ...middlewares,
              ]
            : middlewares,
      },
    };
  };
}

module.exports = { createConfig, iconHref };

// What the browser and the server builds of an app compile the same way: TypeScript sources, small
// inlined SVGs (so the server's HTML names an image exactly as the browser does) and one SDK copy.
const path = require('node:path');
const { oneFederationSdkAlias } = require('library-overrides/federation-sdk/retryPluginSdk');
const { reactRouterProductionAlias } = require('library-overrides/react-router/productionBuild');
const { root } = require('./shared');

/** @param {boolean} production */
const resolveFor = (production) => ({
  extensions: ['.tsx', '.ts', '.js'],
  // Both patch a library from outside; each says why (library-overrides, UPGRADING.md).
  alias: { ...oneFederationSdkAlias(), ...(production ? reactRouterProductionAlias() : {}) },
});

const typescriptRule = {
  test: /\.tsx?$/,
  loader: 'ts-loader',
  exclude: /node_modules/,
  options: { transpileOnly: true, configFile: path.join(root, 'tsconfig.webpack.json') },
};

const svgRule = { test: /\.svg$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } };

module.exports = { resolveFor, typescriptRule, svgRule };

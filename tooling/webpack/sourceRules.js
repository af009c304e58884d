// What the browser and the server builds of an app compile the same way: TypeScript sources, small
// inlined SVGs (so the server's HTML names an image exactly as the browser does) and one SDK copy.
const path = require('node:path');
const { root } = require('./shared');

/** @param {boolean} production */
const resolveFor = (production) => ({
  extensions: ['.tsx', '.ts', '.js'],
  alias: {
    // The retry plugin pins an older SDK copy; it only needs createLogger, which the runtime's
    // own SDK provides, so the shell ships one SDK.
    '@module-federation/sdk$': path.join(root, 'node_modules/@module-federation/sdk'),
    // React Router 7's package exports name only its development build (remix-run/react-router
    // #12532, #14102), whose checks build their warning messages on every render of <Routes>,
    // in the browser and on the server alike. Its production build is the same code with those
    // checks off; a production build of ours takes that one.
    ...(production ? { 'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs') } : {}),
  },
});

const typescriptRule = {
  test: /\.tsx?$/,
  loader: 'ts-loader',
  exclude: /node_modules/,
  options: { transpileOnly: true, configFile: path.join(root, 'tsconfig.webpack.json') },
};

const svgRule = { test: /\.svg$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } };

module.exports = { resolveFor, typescriptRule, svgRule };

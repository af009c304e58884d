// The federation runtime checks a shared module's version with satisfy(version, range) each time a
// container asks for it (every shared module, for the shell and again for each remote, and for
// every version comparison between two providers), and each check parses the range with a dozen
// regular expressions built anew. On a public page that was 8–26 ms of the main thread after the
// first paint (unthrottled Chromium, profiled), for a handful of distinct questions. The browser
// builds bundle federationSatisfy.js in its place: the same function, each answer kept.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { root } = require('./shared');

const runtimeCoreDist = path.join(root, 'node_modules/@module-federation/runtime-core/dist');
const semverModule = path.join(runtimeCoreDist, 'utils/semver/index.js');
const memoModule = path.join(__dirname, 'federationSatisfy.js');

function memoisedSatisfy() {
  if (!fs.existsSync(semverModule)) {
    throw new Error(
      `${semverModule} is gone: the federation runtime moved its semver module; update memoisedSatisfy.js`,
    );
  }
  return {
    alias: { 'federation-runtime-semver$': semverModule },
    plugin: new webpack.NormalModuleReplacementPlugin(/semver[\\/]index\.js$/, (resolveData) => {
      const { context, request } = resolveData;
      if (context?.startsWith(runtimeCoreDist) && path.resolve(context, request) === semverModule) {
        resolveData.request = memoModule;
      }
    }),
  };
}

module.exports = { memoisedSatisfy, semverModule };

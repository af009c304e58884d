// The federation runtime checks a shared module's version with satisfy(version, range) each time a
// container asks for it (every shared module, for the shell and again for each remote, and for
// every version comparison between two providers), and each check parses the range with a dozen
// regular expressions built anew. On a public page that was 8–26 ms of the main thread after the
// first paint (unthrottled Chromium, profiled), for a handful of distinct questions. The browser
// builds bundle federationSatisfy.js in its place: the same function, each answer kept.
// What this relies on, and how to check it after an upgrade: ../UPGRADING.md.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { semverPaths } = require('./paths');

const memoModule = path.join(__dirname, 'federationSatisfy.js');

function memoisedSatisfy() {
  const { dist, semverModule } = semverPaths();
  if (!fs.existsSync(semverModule)) {
    throw new Error(
      `${semverModule} is gone: the federation runtime moved its semver module (tooling/overrides/UPGRADING.md)`,
    );
  }
  return {
    alias: { 'federation-runtime-semver$': semverModule },
    plugin: new webpack.NormalModuleReplacementPlugin(/semver[\\/]index\.js$/, (resolveData) => {
      const { context, request } = resolveData;
      if (context?.startsWith(dist) && path.resolve(context, request) === semverModule) {
        resolveData.request = memoModule;
      }
    }),
  };
}

module.exports = { memoisedSatisfy };

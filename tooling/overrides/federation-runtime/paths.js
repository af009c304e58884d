// The federation runtime's semver module, in the runtime-core copy the browser builds bundle
// (the one @module-federation/enhanced's runtime imports).
const path = require('node:path');
const { packageDir } = require('../installed');

const runtimeCoreDir = () =>
  packageDir(
    '@module-federation/runtime-core',
    packageDir('@module-federation/runtime', packageDir('@module-federation/enhanced')),
  );

/** @param {string} [coreDir]  a runtime-core folder (the guard's tests pass a doctored copy) */
const semverPaths = (coreDir = runtimeCoreDir()) => {
  const dist = path.join(coreDir, 'dist');
  return { coreDir, dist, semverModule: path.join(dist, 'utils/semver/index.js') };
};

module.exports = { runtimeCoreDir, semverPaths };

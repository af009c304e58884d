// What reactRouterDom.js and the production alias rely on in react-router (UPGRADING.md).
const fs = require('node:fs');
const path = require('node:path');
const { exportedNames, versionProblems } = require('../guard');
const { packageDir, versionIn } = require('../installed');
const { PRODUCTION_BUILD } = require('./productionBuild');

/** The names reactRouterDom.js re-exports, read from the file itself. */
const facadeNames = () => [...exportedNames(fs.readFileSync(path.join(__dirname, 'reactRouterDom.js'), 'utf8'))];

/**
 * @param {object} [options]
 * @param {string} [options.dir]     a react-router folder; the installed one by default
 * @param {string} [options.domDir]  a react-router-dom folder; the installed one by default
 */
function problems({ dir = packageDir('react-router'), domDir = packageDir('react-router-dom') } = {}) {
  const found = versionProblems('react-router', dir, '^7.9.0');
  // The shared module 'react-router-dom' is announced with react-router-dom's version and serves
  // react-router's code: the two must be one release.
  if (versionIn(domDir) !== versionIn(dir)) {
    found.push(
      `react-router-dom ${versionIn(domDir)} and react-router ${versionIn(dir)} differ: the shared react-router-dom would announce one version and serve the other`,
    );
  }
  const production = path.join(dir, PRODUCTION_BUILD);
  if (!fs.existsSync(production)) return [...found, `${PRODUCTION_BUILD} is gone (the production builds alias it)`];
  // Its CommonJS twin, which a guard can load: the names the facade re-exports must all be there.
  const library = require(path.join(dir, PRODUCTION_BUILD.replace(/\.mjs$/, '.js')));
  const missing = facadeNames().filter((name) => library[name] === undefined);
  if (missing.length)
    found.push(`react-router no longer exports ${missing.join(', ')} (reactRouterDom.js re-exports them)`);
  return found;
}

module.exports = {
  title: 'react-router: declarative facade and production build',
  anchor: 'react-router-declarative-facade-and-production-build',
  problems,
  facadeNames,
};

// What memoisedSatisfy.js relies on in @module-federation/runtime-core (UPGRADING.md).
const fs = require('node:fs');
const path = require('node:path');
const { exportedNames, versionProblems } = require('../guard');
const { semverPaths } = require('./paths');

const SEMVER_IMPORT = /from\s*["']\.\/utils\/semver\/index\.js["']/;

/** @param {string} [coreDir]  a runtime-core folder; the installed one by default */
function problems(coreDir) {
  const { coreDir: dir, dist, semverModule } = semverPaths(coreDir);
  const found = versionProblems('@module-federation/runtime-core', dir, '^2.9.2');
  if (!fs.existsSync(semverModule)) {
    return [...found, `${path.relative(dir, semverModule)} is gone: nothing to bundle the memo in place of`];
  }
  if (!exportedNames(fs.readFileSync(semverModule, 'utf8')).has('satisfy')) {
    found.push(`${path.relative(dir, semverModule)} no longer exports satisfy(version, range)`);
  }
  // The replacement only acts on an import of that file from runtime-core's own dist: with the
  // semver code inlined elsewhere the build would run unmemoised, silently.
  const importers = fs
    .readdirSync(dist)
    .filter((file) => file.endsWith('.js') && SEMVER_IMPORT.test(fs.readFileSync(path.join(dist, file), 'utf8')));
  if (importers.length === 0) {
    found.push('no module of dist/ imports "./utils/semver/index.js": the replacement would match nothing');
  }
  return found;
}

module.exports = {
  title: 'federation runtime: memoised satisfy',
  anchor: 'federation-runtime-memoised-satisfy',
  problems,
};

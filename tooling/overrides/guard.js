// What every override's guard shares: the version check and the one message an upgrade meets.
const semver = require('semver');
const { versionIn } = require('./installed');

/**
 * @param {string} name  package name
 * @param {string} dir   its installed folder
 * @param {string} range the versions the override was written and checked for
 * @returns {string[]}  a problem, or none
 */
function versionProblems(name, dir, range) {
  const version = versionIn(dir);
  return semver.satisfies(version, range)
    ? []
    : [`${name} ${version} is outside ${range}, the versions this override was written and checked for`];
}

/**
 * The names an ES module's `export { … }` lists give (a bundle's own names, after `as`).
 * @param {string} code
 */
const exportedNames = (code) =>
  new Set(
    [...code.matchAll(/export\s*\{([^}]*)\}/g)]
      .flatMap((match) => match[1].split(','))
      .map((item) =>
        item
          .trim()
          .split(/\s+as\s+/)
          .pop(),
      )
      .filter(Boolean),
  );

/**
 * Throws when an override's library no longer has what the override relies on.
 * @param {{ title: string, anchor: string }} guard
 * @param {string[]} problems
 */
function assertNoProblems(guard, problems) {
  if (problems.length === 0) return;
  throw new Error(
    [
      `${guard.title}: the installed library no longer has what this override relies on.`,
      ...problems.map((problem) => `  - ${problem}`),
      `What to check and how: tooling/overrides/UPGRADING.md#${guard.anchor}`,
    ].join('\n'),
  );
}

module.exports = { exportedNames, versionProblems, assertNoProblems };

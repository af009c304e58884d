// Where an installed package sits, found as Node finds it (the nearest node_modules up from a
// folder), without its `exports` map: several packages patched here do not export package.json.
const fs = require('node:fs');
const path = require('node:path');

/**
 * @param {string} name  package name
 * @param {string} [from]  the folder the lookup starts in (a package that depends on `name`)
 * @returns {string}  the package's folder
 */
function packageDir(name, from = __dirname) {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed (looked up from ${from})`);
  }
}

/** @param {string} dir  a package's folder */
const versionIn = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

module.exports = { packageDir, versionIn };

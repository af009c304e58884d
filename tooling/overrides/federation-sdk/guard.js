// What the one-SDK alias relies on: the retry plugin uses nothing of its SDK copy but what the
// runtime's SDK has (UPGRADING.md).
const fs = require('node:fs');
const path = require('node:path');
const { versionProblems } = require('../guard');
const { packageDir } = require('../installed');

/** The names the retry plugin's ES build (the one webpack bundles) imports from the SDK. */
const importedFromSdk = (code) =>
  [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@module-federation\/sdk["']/g)].flatMap((match) =>
    match[1]
      .split(',')
      .map((item) => item.trim().split(/\s+as\s+/)[0])
      .filter(Boolean),
  );

/**
 * @param {object} [options]
 * @param {string} [options.pluginDir]  a retry-plugin folder; the installed one by default
 * @param {string} [options.sdkDir]     the SDK the alias points at; the installed one by default
 */
function problems({
  pluginDir = packageDir('@module-federation/retry-plugin'),
  sdkDir = packageDir('@module-federation/sdk'),
} = {}) {
  const found = versionProblems('@module-federation/retry-plugin', pluginDir, '~0.17.1');
  const entry = path.join(pluginDir, 'dist/esm/index.js');
  if (!fs.existsSync(entry)) return [...found, 'dist/esm/index.js (its ES build) is gone'];
  const sdk = require(sdkDir);
  const missing = importedFromSdk(fs.readFileSync(entry, 'utf8')).filter((name) => sdk[name] === undefined);
  if (missing.length) found.push(`it imports ${missing.join(', ')} from its SDK, which the runtime's SDK lacks`);
  return found;
}

module.exports = {
  title: "federation SDK: the retry plugin on the runtime's copy",
  anchor: 'federation-sdk-the-retry-plugin-on-the-runtimes-copy',
  problems,
};

// What offlineStorageEmulator.js relies on in firebase-tools (UPGRADING.md).
const fs = require('node:fs');
const { versionProblems } = require('../guard');
const { modulesIn } = require('./paths');

/** @param {{ dir?: string }} [options] a firebase-tools folder; the installed one by default */
function problems({ dir } = {}) {
  const modules = modulesIn(dir);
  const found = versionProblems('firebase-tools', modules.dir, '^15.0.0');
  for (const file of [modules.emulator, modules.rulesRuntime, modules.registry]) {
    if (!fs.existsSync(file)) found.push(`${file} is gone`);
  }
  if (found.length) return found;
  // Read as text, not loaded: the guards run in jsdom, where the emulator's server does not belong.
  const source = (file) => fs.readFileSync(file, 'utf8');
  if (!/exports\.StorageEmulator = StorageEmulator/.test(source(modules.emulator))) {
    found.push('storage/index.js no longer exports StorageEmulator');
  }
  const runtime = source(modules.rulesRuntime);
  for (const method of ['async start(', 'stop()', 'async loadRuleset(']) {
    if (!runtime.includes(method))
      found.push(`StorageRulesRuntime has no ${method}…) (the override replaces start and stop)`);
  }
  if (!/exports\.StorageRulesRuntime = StorageRulesRuntime/.test(runtime))
    found.push('StorageRulesRuntime is no longer exported');
  if (!source(modules.registry).includes('static async start(instance)')) found.push('EmulatorRegistry.start is gone');
  // The path-style GET browsers use, served by the administrator's storage layer (no rules).
  const gcloud = source(modules.emulator.replace(/index\.js$/, 'apis/gcloud.js'));
  if (!/get\("\/:bucketId\/:objectId\(\*\*\)"[\s\S]{0,200}adminStorageLayer\.getObject/.test(gcloud)) {
    found.push('apis/gcloud.js no longer serves GET /<bucket>/<object> through the administrator layer');
  }
  return found;
}

module.exports = {
  title: 'firebase-tools: the Storage emulator without its Java rules runtime',
  anchor: 'firebase-tools-the-storage-emulator-without-its-java-rules-runtime',
  problems,
};

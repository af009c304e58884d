// The firebase-tools modules the offline Storage emulator drives (UPGRADING.md), found in the
// installed firebase-tools (the root devDependency the Auth emulator comes from).
const path = require('node:path');
const { packageDir } = require('../installed');

const modulesIn = (dir = packageDir('firebase-tools')) => ({
  dir,
  emulator: path.join(dir, 'lib/emulator/storage/index.js'),
  rulesRuntime: path.join(dir, 'lib/emulator/storage/rules/runtime.js'),
  registry: path.join(dir, 'lib/emulator/registry.js'),
});

module.exports = { modulesIn };

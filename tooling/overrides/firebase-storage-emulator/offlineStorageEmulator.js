#!/usr/bin/env node
// The Firebase Storage emulator of firebase-tools, started without its rules runtime, so that it
// runs offline: `node offlineStorageEmulator.js <port> [projectId]` prints `ready <port>` and
// serves until it is killed.
//
// Why not `firebase emulators:start --only storage`: that command starts a Java rules runtime
// (cloud-storage-rules-runtime-*.jar) first, which it downloads on first use and which needs
// Java 21; neither the download nor Java 21 exists on this project's machines (Java 17, no
// network but the npm registry), so it fails before serving anything. The rules runtime only
// judges requests of the Firebase client SDKs (the /v0 API). Everything a release uses, the
// Cloud Storage API of @google-cloud/storage (upload, metadata, list, delete) and the path-style
// object GET of browsers and the server renderer, is the emulator's own Node code, which never
// consults rules (it runs as an administrator). Here the emulator starts with no ruleset: the /v0
// API then refuses every request that is not an administrator's (what docs/releasing.md says is
// not emulated offline).
const { modulesIn } = require('./paths');

const port = Number(process.argv[2]);
const projectId = process.argv[3] || 'demo-ai-manabi';
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: offlineStorageEmulator.js <port> [projectId]');
  process.exit(2);
}

const modules = modulesIn();
const { StorageEmulator } = require(modules.emulator);
const { StorageRulesRuntime } = require(modules.rulesRuntime);
const { EmulatorRegistry } = require(modules.registry);

// No Java process: nothing is ever sent to it (no ruleset is loaded, see above).
StorageRulesRuntime.prototype.start = async function start() {};
StorageRulesRuntime.prototype.stop = async function stop() {};

// An empty resource list: no ruleset to compile, so the runtime above is never asked anything.
const emulator = new StorageEmulator({ host: '127.0.0.1', port, projectId, rules: [], auto_download: false });
// Through the registry: the emulator builds its own URLs (metadata's selfLink) from it.
EmulatorRegistry.start(emulator).then(
  () => console.log(`ready ${port}`),
  (error) => {
    console.error(`the Storage emulator did not start: ${error.message}`);
    process.exit(1);
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => emulator.stop().finally(() => process.exit(0)));
}

#!/usr/bin/env node
// Production builds of the shell and the remotes, one after another (2-core machines), with the
// time each took. `node scripts/build.mjs --if-stale` skips apps whose dist/ is up to date;
// `node scripts/build.mjs public-site` builds one app; `--seed-test-builds` keeps public-site's
// webpack cache for the browser tests' builds of it (npm test).
import { buildApps, buildWebServer, testBuildSeed } from 'local-stack/build.mjs';

// start.mjs and test.mjs build through this entry's exports too.
export { buildApps, buildWebServer };

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  // No top-level await: start.mjs and test.mjs import this module.
  // web-server's dist/ (esbuild, well under a second): always rebuilt, never stale.
  buildWebServer()
    .then(() =>
      buildApps({
        onlyStale: args.includes('--if-stale'),
        only: args.filter((a) => !a.startsWith('--')),
        caches: args.includes('--seed-test-builds') ? { 'public-site': testBuildSeed } : {},
      }),
    )
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}

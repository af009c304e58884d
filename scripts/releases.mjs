#!/usr/bin/env node
// `npm run releases`: per remote, the live manifest URL and the releases before it.
import { localRegistry, remotes } from './lib/apps.mjs';
import { describeReleases } from './lib/release/history.mjs';
import { releaseStoreFromEnv } from './lib/release/store.mjs';

const store = releaseStoreFromEnv();
const state = await store.read();
console.log(`release store: ${store.description}`);
for (const entry of describeReleases(
  state,
  localRegistry(),
  remotes.map((r) => r.federationName),
)) {
  console.log(`\n${entry.remote}`);
  console.log(`  live: ${entry.liveVersion ?? '(local build)'}  ${entry.liveUrl}`);
  for (const release of entry.others) console.log(`  ${release.version.padEnd(20)} ${release.at}  ${release.url}`);
}

#!/usr/bin/env node
// `npm run release -- <remote> [--version <id>] [--from <built dir>] [--shell-manifest <url|file>]`
// `npm run release -- <remote> --rollback [--shell-manifest <url|file>]`
// Releases one remote into the release store, or rolls it back, and flips its registry line only
// when the gate passes (docs/releasing.md). Exit 1 with the reason when refused; nothing
// changes then.
import { parseArgs } from 'node:util';
import { ReleaseError } from './lib/release/history.mjs';
import { findRemote, releaseRemote, rollbackRemote, versionFromClock } from './lib/release/release.mjs';
import { releaseStoreFromEnv } from './lib/release/store.mjs';

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      version: { type: 'string' },
      from: { type: 'string' },
      'shell-manifest': { type: 'string' },
      rollback: { type: 'boolean', default: false },
    },
  });
  const remote = findRemote(positionals[0]);
  const store = releaseStoreFromEnv();
  const shellManifest = values['shell-manifest'] ?? process.env.SHELL_MANIFEST ?? undefined;
  const log = (line) => console.log(line);
  if (values.rollback) {
    const target = await rollbackRemote({ remote, store, shellManifest, log });
    console.log(`✔ ${remote.federationName} を ${target.version} に戻しました: ${target.url}`);
    return;
  }
  const version = values.version ?? versionFromClock();
  const { url } = await releaseRemote({
    remote,
    version,
    store,
    fromDir: values.from,
    shellManifest,
    log,
  });
  console.log(`✔ ${remote.federationName} ${version} を公開しました: ${url}`);
}

main().catch((error) => {
  console.error(
    error instanceof ReleaseError || error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? error.message : error,
  );
  process.exit(1);
});

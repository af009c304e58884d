#!/usr/bin/env node
// Production builds of the shell and the remotes, one after another (2-core machines), with the
// time each took. `node scripts/build.mjs --if-stale` skips apps whose dist/ is up to date;
// `node scripts/build.mjs public-site` builds one app.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot, webApps } from './lib/apps.mjs';
import { isBuildFresh, writeStamp } from './lib/freshness.mjs';
import { buildWebServer } from '../web-server/build.mjs';

export { buildWebServer };

export function buildApps({ onlyStale = false, only = [] } = {}) {
  const timings = [];
  for (const app of webApps) {
    if (only.length && !only.includes(app.workspace)) continue;
    if (onlyStale && isBuildFresh(app.workspace)) continue;
    const started = Date.now();
    console.log(`▶ building ${app.workspace} ...`);
    const result = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'node_modules/webpack/bin/webpack.js'), '--mode', 'production'],
      {
        cwd: path.join(repoRoot, app.workspace),
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (result.status !== 0) throw new Error(`build of ${app.workspace} failed (exit ${result.status})`);
    writeStamp(app.workspace);
    const seconds = (Date.now() - started) / 1000;
    timings.push({ workspace: app.workspace, seconds });
    console.log(`✔ ${app.workspace} built in ${seconds.toFixed(1)} s`);
  }
  return timings;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  // No top-level await: the benchmark (tsx, CommonJS) imports this module.
  // web-server's dist/ (esbuild, well under a second): always rebuilt, never stale.
  buildWebServer()
    .then(() => buildApps({ onlyStale: args.includes('--if-stale'), only: args.filter((a) => !a.startsWith('--')) }))
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}

// Production builds of the shell and the remotes, one after another (2-core machines), with the
// time each took: `node scripts/build.mjs` and the benchmark run them. buildWebServer is
// web-server's own build (esbuild), re-exported so both callers find the two in one place.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildWebServer } from 'web-server/build';
import { repoRoot, webApps } from './apps.mjs';
import { isBuildFresh, writeStamp } from './freshness.mjs';

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

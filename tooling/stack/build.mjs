// Production builds of the shell and the remotes, one after another (2-core machines), with the
// time each took: `node scripts/build.mjs` and the benchmark run them. buildWebServer is
// web-server's own build (esbuild), re-exported so both callers find the two in one place.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildWebServer } from 'web-server/build';
import { repoRoot, webApps } from './apps.mjs';
import { isBuildFresh, writeStamp } from './freshness.mjs';

export { buildWebServer };

/**
 * The browser tests build public-site again, with versions of their own (e2e/support/build.ts):
 * `npm test`'s production build of it keeps webpack's persistent cache here, and each Playwright
 * worker's first such build starts from a copy of it instead of from nothing (docs/testing.md,
 * "Builds from webpack's cache").
 */
export const testBuildSeed = path.join(repoRoot, 'node_modules', '.cache', 'e2e-builds', 'seed');

/**
 * @param {object} [options]
 * @param {boolean} [options.onlyStale]  skip the apps whose dist/ is up to date
 * @param {string[]} [options.only]  these workspaces only
 * @param {Record<string, string>} [options.caches]  a workspace's build keeps webpack's persistent
 *   cache in this folder (MF_BUILD_CACHE); the others build without one
 */
export function buildApps({ onlyStale = false, only = [], caches = {} } = {}) {
  const timings = [];
  for (const app of webApps) {
    if (only.length && !only.includes(app.workspace)) continue;
    if (onlyStale && isBuildFresh(app.workspace)) continue;
    const started = Date.now();
    console.log(`▶ building ${app.workspace} ...`);
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'tooling/webpack/buildRunner.cjs')], {
      cwd: path.join(repoRoot, app.workspace),
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...(caches[app.workspace] ? { MF_BUILD_CACHE: caches[app.workspace] } : {}),
      },
    });
    if (result.status !== 0) throw new Error(`build of ${app.workspace} failed (exit ${result.status})`);
    writeStamp(app.workspace);
    const seconds = (Date.now() - started) / 1000;
    timings.push({ workspace: app.workspace, seconds });
    console.log(`✔ ${app.workspace} built in ${seconds.toFixed(1)} s`);
  }
  return timings;
}

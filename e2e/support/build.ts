import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from 'local-stack/apps.mjs';
import { testBuildSeed } from 'local-stack/build.mjs';

const cacheRoot = path.join(repoRoot, 'node_modules', '.cache', 'e2e-builds');
// One of each per Playwright worker running at once: two lanes' builds never write one cache
// together (webpack does not share a cache between concurrent compilers).
const worker = process.env.TEST_PARALLEL_INDEX ?? '0';

/**
 * webpack's persistent cache for a build of public-site from `root`: most specs build it unchanged
 * but for its version, and a warm build costs about a fifth of a cold one (docs/testing.md,
 * "Builds from webpack's cache"). This repository's builds start from the cache of `npm test`'s
 * production build when the worker has none yet; a team's checkout (teamCheckout.ts, always in the
 * same folder for a worker) has a cache of its own, so its second build is warm too.
 */
export function buildCacheDir(root = repoRoot): string {
  if (root !== repoRoot) return path.join(cacheRoot, `checkout-worker-${worker}`);
  const dir = path.join(cacheRoot, `worker-${worker}`);
  if (!fs.existsSync(dir) && fs.existsSync(testBuildSeed)) fs.cpSync(testBuildSeed, dir, { recursive: true });
  return dir;
}

/**
 * A production build of one app into another folder, as a team's deploy would produce (from
 * `root`: this repository, or a team's checkout of it). Runs
 * asynchronously: the test's own servers live in this process and must keep answering.
 */
export function buildInto(workspace: string, outputDir: string, buildVersion: string, root = repoRoot): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'tooling/webpack/buildRunner.cjs')], {
      cwd: path.join(root, workspace),
      env: {
        ...process.env,
        MF_OUTPUT_DIR: outputDir,
        MF_BUILD_VERSION: buildVersion,
        MF_BUILD_CACHE: buildCacheDir(root),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build of ${workspace} failed: ${stderr}`))));
  });
}

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * webpack's persistent cache for the builds of this repository's own sources: most specs build
 * public-site unchanged but for its version, and a warm build costs about a quarter of a cold one
 * (docs/testing.md, "Builds from webpack's cache"). A team's edited checkout builds cold.
 */
export const buildCacheDir = () =>
  // One cache per Playwright worker running at once: two lanes' builds never write one cache
  // together (webpack does not share a cache between concurrent compilers).
  path.join(repoRoot, 'node_modules', '.cache', 'e2e-builds', `worker-${process.env.TEST_PARALLEL_INDEX ?? '0'}`);

/**
 * A production build of one app into another folder, as a team's deploy would produce (from
 * `root`: this repository, or a team's checkout of it). Runs
 * asynchronously: the test's own servers live in this process and must keep answering.
 */
export function buildInto(workspace: string, outputDir: string, buildVersion: string, root = repoRoot): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'e2e/support/buildRunner.cjs')], {
      cwd: path.join(root, workspace),
      env: {
        ...process.env,
        MF_OUTPUT_DIR: outputDir,
        MF_BUILD_VERSION: buildVersion,
        ...(root === repoRoot ? { MF_BUILD_CACHE: buildCacheDir() } : {}),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build of ${workspace} failed: ${stderr}`))));
  });
}

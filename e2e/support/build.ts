import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A production build of one app into another folder, as a team's deploy would produce (from
 * `root`: this repository, or a team's checkout of it). Runs
 * asynchronously: the test's own servers live in this process and must keep answering.
 */
export function buildInto(workspace: string, outputDir: string, buildVersion: string, root = repoRoot): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'node_modules/webpack/bin/webpack.js'), '--mode', 'production'],
      {
        cwd: path.join(root, workspace),
        env: { ...process.env, MF_OUTPUT_DIR: outputDir, MF_BUILD_VERSION: buildVersion },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build of ${workspace} failed: ${stderr}`))));
  });
}

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A production build of one app into another folder, as a team's deploy would produce. */
export function buildInto(workspace: string, outputDir: string, buildVersion: string): void {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/webpack/bin/webpack.js'), '--mode', 'production'], {
    cwd: path.join(repoRoot, workspace),
    env: { ...process.env, MF_OUTPUT_DIR: outputDir, MF_BUILD_VERSION: buildVersion },
    stdio: 'pipe',
  });
  if (result.status !== 0) throw new Error(`build of ${workspace} failed: ${result.stderr.toString()}`);
}

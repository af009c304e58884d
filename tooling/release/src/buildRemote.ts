// A production build of one remote into a folder of its own (never the workspace's dist/, which
// `npm start` and the tests serve), stamped with the release's version. It keeps webpack's
// persistent cache only when MF_BUILD_CACHE names a folder (the browser tests' team checkouts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ReleaseError } from './errors';
import { type Remote, repoRoot } from './remotes';

export function buildRemoteInto(remote: Remote, outputDir: string, version: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'tooling/webpack/buildRunner.cjs')], {
      cwd: path.join(repoRoot, remote.workspace),
      env: Object.assign({}, process.env, {
        NODE_ENV: 'production',
        MF_OUTPUT_DIR: outputDir,
        MF_BUILD_VERSION: version,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Both streams are kept (webpack's logs and the build's errors), and the end of them is shown.
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-64 * 1024));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      const tail = output.trim().split('\n').slice(-60).join('\n');
      reject(new ReleaseError(`${remote.workspace} のビルドに失敗しました (exit ${code}):\n${tail}`));
    });
  });
}

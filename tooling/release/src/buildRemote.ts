// A production build of one remote into a folder of its own (never the workspace's dist/, which
// `npm start` and the tests serve), stamped with the release's version.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ReleaseError } from './errors';
import { type Remote, repoRoot } from './remotes';

export function buildRemoteInto(remote: Remote, outputDir: string, version: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'node_modules/webpack/bin/webpack.js'), '--mode', 'production'],
      {
        cwd: path.join(repoRoot, remote.workspace),
        env: Object.assign({}, process.env, {
          NODE_ENV: 'production',
          MF_OUTPUT_DIR: outputDir,
          MF_BUILD_VERSION: version,
        }),
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new ReleaseError(`${remote.workspace} のビルドに失敗しました (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

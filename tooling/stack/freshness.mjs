// Decides whether an app's dist/ is older than the sources it was built from.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, distDir } from './apps.mjs';

const SOURCE_DIRS = ['src', 'public', 'webpack.config.js', 'package.json'];
const SHARED_DIRS = [
  'shared-core/src',
  'shared-context/src',
  'shared-ui/src',
  'shared-auth/src',
  'shared-articles/src',
  'shared-data/src',
  // The webpack factory and the library overrides it bundles; their tests and installed
  // packages build nothing.
  'tooling/webpack',
  'tooling/overrides',
];
const NOT_BUILT_FROM = new Set(['node_modules', 'test']);
export const STAMP = '.build-stamp';

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (!NOT_BUILT_FROM.has(entry)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function isBuildFresh(workspace) {
  const stamp = path.join(distDir(workspace), STAMP);
  if (!fs.existsSync(stamp)) return false;
  const built = fs.statSync(stamp).mtimeMs;
  const sources = [
    ...SOURCE_DIRS.map((dir) => path.join(repoRoot, workspace, dir)),
    ...SHARED_DIRS.map((dir) => path.join(repoRoot, dir)),
  ];
  return sources.every((source) => newestMtime(source) <= built);
}

export function writeStamp(workspace) {
  fs.writeFileSync(path.join(distDir(workspace), STAMP), new Date().toISOString());
}

// Where the local artifact store is: the folders `npm run release` publishes, which each remote's
// dev server serves under /releases/<version>/ (the live lines are the release registry service's,
// docs/releasing.md). tooling/release's artifactStoreDir reads the same variable.
import path from 'node:path';
import { repoRoot } from './apps.mjs';

/** The local artifact store (RELEASE_STORE_DIR, default .releases/). */
export function releaseStoreDir(env = process.env) {
  return path.resolve(env.RELEASE_STORE_DIR || path.join(repoRoot, '.releases'));
}

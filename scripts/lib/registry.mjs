// Where the local release store keeps its registry file (the release tooling writes it; the dev
// stack's web server reads it, readLiveRegistry in stack.mjs). Nothing here needs a build, so a
// team's checkout can release before anything is built.
import path from 'node:path';
import { repoRoot } from './apps.mjs';

/** Where releases, the registry file and its history live (RELEASE_STORE_DIR, default .releases/). */
export function releaseStoreDir(env = process.env) {
  return path.resolve(env.RELEASE_STORE_DIR || path.join(repoRoot, '.releases'));
}

export const registryFileIn = (storeDir) => path.join(storeDir, 'mf-remotes.json');

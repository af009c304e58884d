// Where the local release store keeps its registry file, and the live registry the dev stack's
// shell serves from it (web-server reads the file: its lines over the local builds').
import path from 'node:path';
import { liveRegistry } from 'web-server';
import { localRegistry, repoRoot } from './apps.mjs';

/** Where releases, the registry file and its history live (RELEASE_STORE_DIR, default .releases/). */
export function releaseStoreDir(env = process.env) {
  return path.resolve(env.RELEASE_STORE_DIR || path.join(repoRoot, '.releases'));
}

export const registryFileIn = (storeDir) => path.join(storeDir, 'mf-remotes.json');

/**
 * The registry to serve now: `{ public_site?, business_portal?, admin_console? }`, each a
 * manifest URL. Cheap enough to call per request.
 */
export function readLiveRegistry({ storeDir = releaseStoreDir(), fallback = localRegistry() } = {}) {
  return liveRegistry(fallback, registryFileIn(storeDir));
}

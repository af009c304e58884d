// Where releases go. The release command only talks to this interface, so the same code can
// target another backend by adding an adapter (docs/releasing.md describes a bucket
// and a hosting folder); the local directory is the one written today.
import { releaseStoreDir } from '../registry.mjs';
import { createLocalStore } from './localStore.mjs';
import { ReleaseError } from './history.mjs';

/**
 * @typedef {{ workspace: string, federationName: string, port: number }} Remote
 * @typedef {{ registry: Record<string, string>, history: { releases: object[], events: object[] } }} StoreState
 *
 * @typedef {object} ReleaseStore
 * @property {string} description
 * @property {(remote: Remote, version: string) => string} manifestUrl
 *           the public URL of a release's mf-manifest.json (what the registry line will hold)
 * @property {(remote: Remote, version: string) => Promise<boolean>} hasRelease
 * @property {(remote: Remote, version: string) => Promise<object>} releaseManifest
 *           a published release's mf-manifest.json (what a rollback is gated on)
 * @property {(remote: Remote, version: string, fromDir: string) => Promise<void>} publish
 *           uploads a built folder as a new release; refuses an existing version, and a folder
 *           holding anything but regular files and directories (a symbolic link would be served
 *           with what it points at) before writing anything; the release is visible complete or
 *           not at all
 * @property {() => Promise<StoreState>} read
 * @property {<T extends { state: StoreState }>(change: (state: StoreState) => T | Promise<T>) => Promise<T>} update
 *           a serialised read-modify-write of the registry and the history: no two updates
 *           interleave, and readers see the old or the new registry, never a mix; when the
 *           serialisation is lost midway (a lock taken away), it throws without writing the registry
 */

/** The store named by the environment: RELEASE_STORE (default `local`), RELEASE_STORE_DIR, RELEASE_PUBLIC_URL. */
export function releaseStoreFromEnv(env = process.env) {
  const kind = env.RELEASE_STORE || 'local';
  if (kind !== 'local') {
    throw new ReleaseError(
      `RELEASE_STORE=${kind} のアダプターはまだありません (README「Releasing a remote」)。local を使ってください。`,
    );
  }
  const template = env.RELEASE_PUBLIC_URL;
  return createLocalStore({
    dir: releaseStoreDir(env),
    ...(template ? { publicUrl: (remote) => template.replaceAll('{workspace}', remote.workspace) } : {}),
  });
}

// The artifact store: one immutable folder per published version, `<dir>/<workspace>/<version>/`,
// served by the remote's server under /releases/<version>/ (npm start) or by whatever serves the
// directory in a deployment (the release service's RELEASE_PUBLIC_URL names where). What is live
// is not decided here: the release registry service holds that (docs/releasing.md).
import fs from 'node:fs';
import path from 'node:path';
import { isVersionId, VERSION_ID_RULE } from 'shared-releases';
import { ReleaseError } from './errors';
import { assertPublishable } from './releaseFolder';
import type { Remote } from './remotes';

export interface ArtifactStore {
  description: string;
  has(remote: Remote, version: string): boolean;
  /**
   * Copies a built folder in as a new version: refused for an existing version and for a folder
   * holding anything but regular files and folders, before anything is written; the folder
   * appears complete or not at all.
   */
  publish(remote: Remote, version: string, fromDir: string): void;
  /** Takes back a version the registry service refused, so that its id can be used again. */
  remove(remote: Remote, version: string): void;
  /** The versions published for a remote and when (for `npm run releases -- --prune`). */
  list(remote: Remote): PublishedVersion[];
}

export interface PublishedVersion {
  version: string;
  publishedAt: Date;
}

export function assertVersionId(version: string): void {
  if (!isVersionId(version)) throw new ReleaseError(`バージョン名「${version}」は使えません。${VERSION_ID_RULE}`);
}

/** Where the local store is (RELEASE_STORE_DIR, default .releases/): the folder the remotes' dev servers serve. */
export { releaseStoreDir as artifactStoreDir } from '../../../scripts/lib/registry.mjs';

export function createLocalArtifactStore(dir: string): ArtifactStore {
  const folder = (remote: Remote, version: string) => {
    assertVersionId(version);
    return path.join(dir, remote.workspace, version);
  };
  return {
    description: `local directory ${dir}`,
    has: (remote, version) => fs.existsSync(folder(remote, version)),
    publish(remote, version, fromDir) {
      const target = folder(remote, version);
      if (fs.existsSync(target)) {
        throw new ReleaseError(`${target} は既に存在します。別の --version を指定してください。`);
      }
      // Before anything is written: a link would be served with what it points at.
      assertPublishable(fromDir);
      const source = fs.realpathSync(fromDir);
      const staging = path.join(dir, remote.workspace, `.incoming-${version}-${process.pid}`);
      fs.mkdirSync(path.dirname(staging), { recursive: true });
      try {
        fs.cpSync(source, staging, { recursive: true });
        // Checked again on the copy, which only this process writes: a link put into the source
        // after the first check would otherwise be published.
        assertPublishable(staging, fromDir);
        fs.chmodSync(staging, 0o755); // a temporary folder's 0700 would hide it from a web server
        fs.renameSync(staging, target);
      } catch (error) {
        fs.rmSync(staging, { recursive: true, force: true });
        throw error;
      }
    },
    remove(remote, version) {
      fs.rmSync(folder(remote, version), { recursive: true, force: true });
    },
    list(remote) {
      const root = path.join(dir, remote.workspace);
      if (!fs.existsSync(root)) return [];
      // A folder's time is its publication: publish renames it in whole, and nothing writes into it after.
      return fs
        .readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && isVersionId(entry.name))
        .map((entry) => ({ version: entry.name, publishedAt: fs.statSync(path.join(root, entry.name)).mtime }));
    },
  };
}

// The artifact store: one immutable folder per published version, `<workspace>/<version>/`, on a
// local disk (localArtifactStore below: `npm start`, offline, the default) or in a Cloud Storage
// bucket (gcsArtifactStore.ts). Either is served at the release service's RELEASE_PUBLIC_URL, from
// which browsers and the server renderer load released remotes. What is live is not decided
// here: the release registry service holds that (docs/releasing.md). Which store a command uses
// is its configuration (storeConfig.ts).
import fs from 'node:fs';
import path from 'node:path';
import { isVersionId, VERSION_ID_RULE } from 'shared-releases';
import { ReleaseError } from './errors';
import { assertPublishable } from './releaseFolder';
import type { Remote } from './remotes';

export interface PublishedVersion {
  version: string;
  /** When the version became complete in the store. */
  publishedAt: Date;
}

export interface PublishOptions {
  /** Called after each file is stored in a bucket (the local store copies the folder at once). */
  onFileStored?: (relativePath: string) => void | Promise<void>;
}

export interface ArtifactStore {
  kind: 'local' | 'gcs';
  description: string;
  /** A version that is complete in the store (a publish interrupted half-way is not one). */
  has(remote: Remote, version: string): Promise<boolean>;
  /**
   * Stores a built folder as a new version: refused for an existing version and for a folder
   * holding anything but regular files and folders, before anything is written. The version
   * appears complete (every file, each checked against the store's own hash) or not at all.
   */
  publish(remote: Remote, version: string, fromDir: string, options?: PublishOptions): Promise<void>;
  /** Takes a version out of the store (nothing happens for a version that is not there). */
  remove(remote: Remote, version: string): Promise<void>;
  /** Every complete version of a remote, oldest first. */
  list(remote: Remote): Promise<PublishedVersion[]>;
}

export function assertVersionId(version: string): void {
  if (!isVersionId(version)) throw new ReleaseError(`バージョン名「${version}」は使えません。${VERSION_ID_RULE}`);
}

export const existingVersion = (remote: Remote, version: string, where: string) =>
  new ReleaseError(
    `${remote.workspace} のバージョン ${version} は既に ${where} にあります。別の --version を指定してください。`,
  );

/** Where the local store is (RELEASE_STORE_DIR, default .releases/): the folder the remotes' dev servers serve. */
export { releaseStoreDir as artifactStoreDir } from 'local-stack/registry.mjs';

/** A staging folder of an unfinished publish (`.incoming-<version>-<pid>`): never a version. */
const STAGING = /^\.incoming-/;

export function createLocalArtifactStore(dir: string): ArtifactStore {
  const folder = (remote: Remote, version: string) => {
    assertVersionId(version);
    return path.join(dir, remote.workspace, version);
  };
  return {
    kind: 'local',
    description: `local directory ${dir}`,
    has: async (remote, version) => fs.existsSync(folder(remote, version)),
    async publish(remote, version, fromDir) {
      const target = folder(remote, version);
      if (fs.existsSync(target)) throw existingVersion(remote, version, target);
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
    async remove(remote, version) {
      fs.rmSync(folder(remote, version), { recursive: true, force: true });
    },
    async list(remote) {
      const root = path.join(dir, remote.workspace);
      if (!fs.existsSync(root)) return [];
      return (
        fs
          .readdirSync(root, { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && !STAGING.test(entry.name) && isVersionId(entry.name))
          // The folder's mtime: set when the copy was complete (the rename keeps it; nothing writes after).
          .map((entry) => ({ version: entry.name, publishedAt: fs.statSync(path.join(root, entry.name)).mtime }))
          .sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime())
      );
    },
  };
}

// The release store on a local directory (docs/releasing.md):
//
//   <dir>/<workspace>/<version>/…   one folder per release, served by that remote's server
//                                    under /releases/<version>/ (npm start)
//   <dir>/mf-remotes.json            the live registry lines of released remotes
//   <dir>/history.json               every release and every flip
//
// Writes of the two JSON files are serialised by a lock (proper-lockfile: an atomic mkdir,
// refreshed while held, taken over when stale) and atomic (write-file-atomic: a temporary file,
// fsync, rename), so two teams releasing at once both land and a reader never sees half a file.
// A lock lost while held (removed or taken over by someone else) aborts the update before it
// writes the registry, rather than crashing the process from proper-lockfile's timer.
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';
import { registryFileIn } from '../registry.mjs';
import { normaliseState, ReleaseError } from './history.mjs';
import { assertPublishable } from './releaseFolder.mjs';

const VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function assertVersionId(version) {
  if (!VERSION.test(version)) {
    throw new ReleaseError(
      `バージョン名「${version}」は使えません。英数字と . _ - の 64 文字以内で、英数字から始めてください。`,
    );
  }
}

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw new ReleaseError(`${file} を読めません (${error.message})。手で直すか、バックアップから戻してください。`);
  }
};

/** Thrown when the store's lock was lost while an update held it; the registry was not written. */
export class LockLostError extends ReleaseError {}

/**
 * @param {object} options
 * @param {string} options.dir   the store directory
 * @param {(remote: { workspace: string, port: number }) => string} [options.publicUrl]
 *        the URL under which `<dir>/<workspace>/` is served (default: the remote's own local
 *        server, http://localhost:<port>/releases)
 * @param {typeof lockfile.lock} [options.lock]  proper-lockfile's `lock`; the tests pass one that
 *        loses the lock at a chosen moment
 * @returns {import('./store.mjs').ReleaseStore}
 */
export function createLocalStore({
  dir,
  publicUrl = (remote) => `http://localhost:${remote.port}/releases`,
  lock = lockfile.lock,
}) {
  const registryFile = registryFileIn(dir);
  const historyFile = path.join(dir, 'history.json');
  const releaseDir = (remote, version) => path.join(dir, remote.workspace, version);

  const read = () => normaliseState({ registry: readJson(registryFile), history: readJson(historyFile) });

  return {
    description: `local directory ${dir}`,

    manifestUrl: (remote, version) => `${publicUrl(remote).replace(/\/+$/, '')}/${version}/mf-manifest.json`,

    async hasRelease(remote, version) {
      return fs.existsSync(releaseDir(remote, version));
    },

    async releaseManifest(remote, version) {
      assertVersionId(version);
      const file = path.join(releaseDir(remote, version), 'mf-manifest.json');
      const manifest = readJson(file);
      if (manifest === undefined) throw new ReleaseError(`${file} がありません。`);
      return manifest;
    },

    async publish(remote, version, fromDir) {
      assertVersionId(version);
      const target = releaseDir(remote, version);
      if (fs.existsSync(target))
        throw new ReleaseError(`${target} は既に存在します。別の --version を指定してください。`);
      // Before anything is written to the store: a link would be served with what it points at.
      assertPublishable(fromDir);
      const source = fs.realpathSync(fromDir);
      // Copied beside the target, then renamed: the folder appears complete or not at all.
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

    async read() {
      return read();
    },

    async update(change) {
      fs.mkdirSync(dir, { recursive: true });
      let release;
      // proper-lockfile notices a lost lock (its folder removed, or its mtime not ours: taken over
      // as stale) on its refresh timer, and by default throws from that timer, which ends the
      // process wherever it is. Noted here instead, and checked before each write.
      let lost = null;
      try {
        release = await lock(registryFile, {
          realpath: false,
          stale: 10_000,
          retries: { retries: 100, factor: 1.2, minTimeout: 20, maxTimeout: 250 },
          onCompromised: (error) => {
            lost ??= error;
          },
        });
      } catch (error) {
        throw new ReleaseError(`レジストリのロックを取得できません (${error.message})。別のリリースが実行中です。`);
      }
      let historyWritten = false;
      const assertStillHeld = () => {
        if (!lost) return;
        throw new LockLostError(
          `レジストリのロックを失いました (${lost.message})。別のプロセスがロックを外したか引き継いだため、` +
            'レジストリは切り替えていません (公開中のサイトは変わっていません)。' +
            (historyWritten ? 'history.json にはこの変更が記録されています。' : ''),
        );
      };
      try {
        const result = await change(read());
        assertStillHeld();
        // History first: if the process dies between the two writes, the registry (what is
        // served) still names the previous release and the history lists one release too many.
        await writeFileAtomic(historyFile, `${JSON.stringify(result.state.history, null, 2)}\n`);
        historyWritten = true;
        assertStillHeld();
        // A loss noticed from here on is reported too late: the timer only looks every few
        // seconds, so no check can fence a write off completely; it narrows the window.
        await writeFileAtomic(registryFile, `${JSON.stringify(result.state.registry, null, 2)}\n`);
        return result;
      } finally {
        // A lost lock is released already (or is someone else's now): unlocking would fail, or
        // remove their lock.
        if (!lost) await release();
      }
    },
  };
}

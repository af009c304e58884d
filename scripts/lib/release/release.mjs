// Releasing one remote: build (or take a built folder), pass the gate, publish to the store,
// then flip its registry line; and rolling back. docs/releasing.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { remotes, repoRoot } from '../apps.mjs';
import { buildRemoteInto } from './buildRemote.mjs';
import { checkCompatibility } from './gate.mjs';
import { ReleaseError, recordRelease, recordRollback, rollbackTarget } from './history.mjs';
import { assertVersionId } from './localStore.mjs';
import { assertPublishable } from './releaseFolder.mjs';

export const defaultShellManifest = () => path.join(repoRoot, 'shell', 'dist', 'mf-manifest.json');

/** A remote by workspace (admin-console) or registry name (admin_console). */
export function findRemote(name) {
  const remote = remotes.find((r) => r.workspace === name || r.federationName === name);
  if (!remote) {
    throw new ReleaseError(
      `リモート「${name ?? ''}」はありません。${remotes.map((r) => r.workspace).join(' / ')} のどれかを指定してください。`,
    );
  }
  return remote;
}

/** A new version id from the clock, e.g. 20250601-102030. */
export const versionFromClock = (now = new Date()) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll(/[-:]/g, '')
    .replace('T', '-');

/** Reads a manifest from an http(s) URL or a file. */
export async function readManifest(source) {
  try {
    if (/^https?:\/\//.test(source)) {
      const response = await fetch(source, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return await response.json();
    }
    return JSON.parse(fs.readFileSync(source, 'utf8'));
  } catch (error) {
    throw new ReleaseError(`マニフェスト ${source} を読めません (${error.message})。`);
  }
}

/** Throws the gate's refusal (its problems listed under `heading`); says that nothing changed. */
function refuseIfIncompatible(verdict, heading) {
  if (verdict.ok) return;
  const error = new ReleaseError(
    [heading, ...verdict.problems.map((p) => `  - ${p}`), 'レジストリと公開中のサイトは変更していません。'].join('\n'),
  );
  error.problems = verdict.problems;
  throw error;
}

/**
 * @param {object} options
 * @param {import('./store.mjs').Remote} options.remote
 * @param {string} options.version
 * @param {import('./store.mjs').ReleaseStore} options.store
 * @param {string} [options.fromDir]        release this built folder instead of building
 * @param {string} [options.shellManifest]  the live shell's manifest (URL or file)
 * @param {(line: string) => void} [options.log]
 */
export async function releaseRemote({
  remote,
  version,
  store,
  fromDir,
  shellManifest = defaultShellManifest(),
  log = () => {},
}) {
  assertVersionId(version);
  if (await store.hasRelease(remote, version)) {
    throw new ReleaseError(
      `${remote.workspace} のバージョン ${version} は既にあります。別の --version を指定してください。`,
    );
  }
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), `release-${remote.workspace}-`));
  try {
    if (fromDir) {
      // Refused here too, so the message names the folder given (the store sees only the copy).
      assertPublishable(fromDir);
      fs.cpSync(fs.realpathSync(fromDir), staging, { recursive: true });
    } else {
      log(`${remote.workspace} をビルドしています (${version}) ...`);
      await buildRemoteInto(remote, staging, version);
    }
    const verdict = checkCompatibility({
      remoteManifest: await readManifest(path.join(staging, 'mf-manifest.json')),
      shellManifest: await readManifest(shellManifest),
      federationName: remote.federationName,
    });
    for (const note of verdict.notes) log(`  ${note}`);
    refuseIfIncompatible(
      verdict,
      `${remote.workspace} ${version} のリリースを中止しました。公開中のシェルと互換性がありません:`,
    );
    await store.publish(remote, version, staging);
    const url = store.manifestUrl(remote, version);
    try {
      await store.update((state) => ({
        state: recordRelease(state, { remote: remote.federationName, version, url }),
      }));
    } catch (error) {
      // The folder is in the store now, so the same version cannot be released again.
      error.message += `\n${version} のフォルダは公開済みですが、配信されていません。やり直すときは別の --version を指定してください。`;
      throw error;
    }
    return { url, notes: verdict.notes };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Points the remote back at the release before the live one, if that release passes the same
 * gate as a release: the shell may have moved on since (a singleton upgraded), and an old
 * release that needs the old version would break once live.
 * @param {object} options
 * @param {import('./store.mjs').Remote} options.remote
 * @param {import('./store.mjs').ReleaseStore} options.store
 * @param {string} [options.shellManifest]  the live shell's manifest (URL or file)
 * @param {(line: string) => void} [options.log]
 */
export async function rollbackRemote({ remote, store, shellManifest = defaultShellManifest(), log = () => {} }) {
  // Says "nothing to roll back to" before asking for a shell manifest that may not be at hand.
  rollbackTarget(await store.read(), remote.federationName);
  // Read before the lock is taken: it may come over the network.
  const liveShell = await readManifest(shellManifest);
  const { target } = await store.update(async (state) => {
    // Chosen and gated under the lock: another flip may have moved the live line since the read.
    const rollback = recordRollback(state, remote.federationName);
    const verdict = checkCompatibility({
      remoteManifest: await store.releaseManifest(remote, rollback.target.version),
      shellManifest: liveShell,
      federationName: remote.federationName,
    });
    for (const note of verdict.notes) log(`  ${note}`);
    refuseIfIncompatible(
      verdict,
      `${remote.workspace} を ${rollback.target.version} に戻すロールバックを中止しました。公開中のシェルと互換性がありません:`,
    );
    return rollback;
  });
  return target;
}

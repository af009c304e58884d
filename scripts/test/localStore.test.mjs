import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import lockfile from 'proper-lockfile';
import { createLocalStore } from '../lib/release/localStore.mjs';
import { recordRelease, recordRollback, describeReleases } from '../lib/release/history.mjs';
import { releaseRemote, rollbackRemote } from '../lib/release/release.mjs';

const run = promisify(execFile);
const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'releaseWorker.mjs');
const adminConsole = { workspace: 'admin-console', federationName: 'admin_console', port: 3004 };
const url = (remote, version) => `https://cdn.example.com/${remote}/${version}/mf-manifest.json`;

/**
 * proper-lockfile's own lock, refreshed every second (its minimum) so a loss is noticed quickly,
 * and `lose()`: removes the lock folder as another process would, and resolves once
 * proper-lockfile has noticed (its refresh found the folder gone), so the tests wait on the event,
 * not on a guessed delay. Without an `onCompromised` of the store's, proper-lockfile's default
 * (throw from the timer) applies.
 */
function losableLock({ loseOnceTaken = false } = {}) {
  let noticed;
  const compromised = new Promise((resolve) => (noticed = resolve));
  let lockDir;
  const lose = async () => {
    fs.rmSync(lockDir, { recursive: true });
    await compromised;
  };
  const lock = async (file, options) => {
    lockDir = `${file}.lock`;
    const release = await lockfile.lock(file, {
      ...options,
      stale: 2000,
      update: 1000,
      onCompromised: (error) => {
        noticed(error);
        const handle =
          options.onCompromised ??
          ((e) => {
            throw e;
          });
        handle(error);
      },
    });
    if (loseOnceTaken) await lose();
    return release;
  };
  return { lock, lose };
}

describe('local release store', () => {
  let dir;
  let store;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-store-test-'));
    store = createLocalStore({ dir });
  });
  let leftovers = [];
  afterEach(() => {
    for (const p of [dir, ...leftovers]) fs.rmSync(p, { recursive: true, force: true });
    leftovers = [];
  });

  const release = (remote, version) =>
    store.update((state) => ({ state: recordRelease(state, { remote, version, url: url(remote, version) }) }));
  const registryOnDisk = () => JSON.parse(fs.readFileSync(path.join(dir, 'mf-remotes.json'), 'utf8'));
  const filesOnDisk = () => ['mf-remotes.json', 'history.json'].map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));

  /** A built admin-console folder and the live shell's manifest (compatible), outside the store. */
  function builtAndShell() {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-built-'));
    const built = path.join(tmp, 'dist');
    const shellManifest = path.join(tmp, 'shell-manifest.json');
    fs.mkdirSync(built);
    fs.writeFileSync(
      path.join(built, 'mf-manifest.json'),
      JSON.stringify({ name: 'admin_console', shared: [], exposes: [{ name: 'routes', path: './routes' }] }),
    );
    fs.writeFileSync(shellManifest, JSON.stringify({ name: 'shell', shared: [], exposes: [] }));
    leftovers.push(tmp);
    return { built, shellManifest };
  }

  it('releases of different remotes started at the same moment in separate processes both land', async () => {
    const startAt = String(Date.now() + 400);
    const remotes = ['public_site', 'business_portal', 'admin_console'];
    await Promise.all(remotes.map((remote) => run(process.execPath, [worker, dir, remote, 'v1', startAt, '150'])));
    expect(registryOnDisk()).toEqual(Object.fromEntries(remotes.map((r) => [r, url(r, 'v1')])));
    const { history } = await store.read();
    expect(history.releases.map((r) => r.remote).sort()).toEqual([...remotes].sort());
    expect(fs.readdirSync(dir).sort()).toEqual(['history.json', 'mf-remotes.json']); // no temp or lock left
  }, 20_000);

  it('an update waits while another process holds the lock', async () => {
    fs.writeFileSync(path.join(dir, 'mf-remotes.json'), '{}');
    const unlock = await lockfile.lock(path.join(dir, 'mf-remotes.json'), { realpath: false });
    let landed = false;
    const pending = release('admin_console', 'v1').then(() => (landed = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(landed).toBe(false);
    expect(registryOnDisk()).toEqual({});
    await unlock();
    await pending;
    expect(registryOnDisk()).toEqual({ admin_console: url('admin_console', 'v1') });
  });

  it('a reader never sees a half-written registry while releases are written', async () => {
    await release('public_site', 'v0');
    const file = path.join(dir, 'mf-remotes.json');
    let writing = true;
    const writes = (async () => {
      for (let i = 1; i <= 40; i += 1) await release('admin_console', `v${i}`);
      writing = false;
    })();
    let reads = 0;
    while (writing) {
      const text = fs.readFileSync(file, 'utf8');
      expect(() => JSON.parse(text)).not.toThrow();
      expect(JSON.parse(text).public_site).toBe(url('public_site', 'v0'));
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await writes;
    expect(reads).toBeGreaterThan(10);
    expect(registryOnDisk().admin_console).toBe(url('admin_console', 'v40'));
  }, 20_000);

  it('rollback walks back through the releases and says when there is nothing before', async () => {
    // A rollback is gated on the target's published manifest against the live shell's.
    const { built, shellManifest } = builtAndShell();
    for (const version of ['v1', 'v2', 'v3']) await store.publish(adminConsole, version, built);
    const rollback = () => rollbackRemote({ remote: adminConsole, store, shellManifest });
    await release('admin_console', 'v1');
    await release('admin_console', 'v2');
    await release('admin_console', 'v3');
    await expect(rollback()).resolves.toMatchObject({ version: 'v2' });
    expect(registryOnDisk().admin_console).toBe(url('admin_console', 'v2'));
    await expect(rollback()).resolves.toMatchObject({ version: 'v1' });
    await expect(rollback()).rejects.toThrow('v1 より前のリリースはありません');
    expect(registryOnDisk().admin_console).toBe(url('admin_console', 'v1'));

    const { history } = await store.read();
    expect(history.events.map((e) => `${e.action}:${e.version}`)).toEqual([
      'release:v1',
      'release:v2',
      'release:v3',
      'rollback:v2',
      'rollback:v1',
    ]);
    const [listed] = describeReleases(await store.read(), {}, ['admin_console']);
    expect(listed).toMatchObject({ liveVersion: 'v1', liveUrl: url('admin_console', 'v1') });
    expect(listed.others.map((r) => r.version)).toEqual(['v3', 'v2']);
  });

  it('refuses a version that was already released, and leaves the registry as it was', async () => {
    await release('admin_console', 'v1');
    await expect(release('admin_console', 'v1')).rejects.toThrow('既にリリース済み');
    expect(registryOnDisk()).toEqual({ admin_console: url('admin_console', 'v1') });
  });

  it('a rollback of a remote served from its local build is refused', async () => {
    await expect(store.update((state) => recordRollback(state, 'public_site'))).rejects.toThrow(
      'ロールバックできません',
    );
  });

  it('publishes a built folder as a complete, readable release folder and never over an existing one', async () => {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'built-'));
    fs.writeFileSync(path.join(built, 'mf-manifest.json'), '{"name":"admin_console"}');
    await store.publish(adminConsole, 'v1', built);
    const target = path.join(dir, 'admin-console', 'v1');
    expect(fs.readFileSync(path.join(target, 'mf-manifest.json'), 'utf8')).toBe('{"name":"admin_console"}');
    expect(fs.statSync(target).mode & 0o777).toBe(0o755);
    await expect(store.publish(adminConsole, 'v1', built)).rejects.toThrow('既に存在します');
    await expect(store.publish(adminConsole, '../escape', built)).rejects.toThrow('使えません');
    expect(fs.readdirSync(path.join(dir, 'admin-console'))).toEqual(['v1']);
    fs.rmSync(built, { recursive: true, force: true });
  });

  it('an update whose lock is lost midway writes neither file, says nothing was flipped, and the process carries on', async () => {
    await release('admin_console', 'v1');
    const before = filesOnDisk();
    const { lock, lose } = losableLock();
    const losing = createLocalStore({ dir, lock });
    await expect(
      losing.update(async (state) => {
        await lose(); // a slow step, during which another process removes the lock
        return {
          state: recordRelease(state, { remote: 'admin_console', version: 'v2', url: url('admin_console', 'v2') }),
        };
      }),
    ).rejects.toThrow(/^レジストリのロックを失いました \(.+\)。.*レジストリは切り替えていません/);
    expect(filesOnDisk()).toEqual(before);
    // The lost lock is not unlocked (it may be another process's now); the next update takes it.
    await release('admin_console', 'v2');
    expect(registryOnDisk()).toEqual({ admin_console: url('admin_console', 'v2') });
  }, 10_000);

  it('a release whose lock is lost between the copy and the flip leaves the registry and history as they were', async () => {
    const { built, shellManifest } = builtAndShell();
    await releaseRemote({ remote: adminConsole, version: 'v1', store, fromDir: built, shellManifest });
    const before = filesOnDisk();
    const { lock } = losableLock({ loseOnceTaken: true });
    await expect(
      releaseRemote({
        remote: adminConsole,
        version: 'v2',
        store: createLocalStore({ dir, lock }),
        fromDir: built,
        shellManifest,
      }),
    ).rejects.toThrow(
      /ロックを失いました[\s\S]*レジストリは切り替えていません[\s\S]*v2 のフォルダは公開済みですが、配信されていません/,
    );
    expect(filesOnDisk()).toEqual(before);
    expect(fs.readdirSync(path.join(dir, 'admin-console')).sort()).toEqual(['v1', 'v2']); // copied, not live
  }, 10_000);
});

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
import { rollbackRemote } from '../lib/release/release.mjs';

const run = promisify(execFile);
const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'releaseWorker.mjs');
const adminConsole = { workspace: 'admin-console', federationName: 'admin_console', port: 3004 };
const url = (remote, version) => `https://cdn.example.com/${remote}/${version}/mf-manifest.json`;

describe('local release store', () => {
  let dir;
  let store;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-store-test-'));
    store = createLocalStore({ dir });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const release = (remote, version) =>
    store.update((state) => ({ state: recordRelease(state, { remote, version, url: url(remote, version) }) }));
  const registryOnDisk = () => JSON.parse(fs.readFileSync(path.join(dir, 'mf-remotes.json'), 'utf8'));

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
    await release('admin_console', 'v1');
    await release('admin_console', 'v2');
    await release('admin_console', 'v3');
    await expect(rollbackRemote({ remote: adminConsole, store })).resolves.toMatchObject({ version: 'v2' });
    expect(registryOnDisk().admin_console).toBe(url('admin_console', 'v2'));
    await expect(rollbackRemote({ remote: adminConsole, store })).resolves.toMatchObject({ version: 'v1' });
    await expect(rollbackRemote({ remote: adminConsole, store })).rejects.toThrow('v1 より前のリリースはありません');
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
});

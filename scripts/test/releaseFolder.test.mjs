// A release folder may hold only regular files and directories: the remote's server follows
// symbolic links, so a published `x -> /` served the server's disk (GET /releases/<v>/x/etc/hostname
// answered 200). Refused at publish time, before anything is written to the store.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../lib/apps.mjs';
import { createLocalStore } from '../lib/release/localStore.mjs';
import { releaseRemote } from '../lib/release/release.mjs';

const run = promisify(execFile);
const adminConsole = { workspace: 'admin-console', federationName: 'admin_console', port: 3004 };
const shellManifest = { name: 'shell', shared: [], exposes: [] };
const remoteManifest = { name: 'admin_console', shared: [], exposes: [{ name: 'routes', path: './routes' }] };

describe('publishing a release folder', () => {
  let tmp;
  let dir; // the store
  let built; // the folder to publish
  let outside; // a file outside it
  let shellFile;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-folder-'));
    dir = path.join(tmp, 'store');
    built = path.join(tmp, 'dist');
    outside = path.join(tmp, 'secret.txt');
    shellFile = path.join(tmp, 'shell-manifest.json');
    fs.mkdirSync(path.join(built, 'static', 'js'), { recursive: true });
    fs.writeFileSync(path.join(built, 'mf-manifest.json'), JSON.stringify(remoteManifest));
    fs.writeFileSync(path.join(built, 'static', 'js', 'main.js'), 'console.log(1);');
    fs.writeFileSync(outside, 'not for the web');
    fs.writeFileSync(shellFile, JSON.stringify(shellManifest));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const withLinks = () => {
    fs.symlinkSync('/', path.join(built, 'x'));
    fs.symlinkSync(outside, path.join(built, 'static', 'notes.txt'));
  };
  const storeIsEmpty = () => !fs.existsSync(dir) || fs.readdirSync(dir, { recursive: true }).length === 0;

  it('refuses symbolic links anywhere in the folder, naming each, and writes nothing to the store', async () => {
    withLinks();
    const store = createLocalStore({ dir });
    const refusal = store.publish(adminConsole, 'v1', built);
    await expect(refusal).rejects.toThrow('通常のファイルとフォルダ以外のもの');
    await expect(refusal).rejects.toThrow('  - x (シンボリックリンク → /)');
    await expect(refusal).rejects.toThrow(`  - ${path.join('static', 'notes.txt')} (シンボリックリンク → ${outside})`);
    await expect(refusal).rejects.toThrow('リリースストアには何も書いていません');
    expect(storeIsEmpty()).toBe(true);
    expect(await store.hasRelease(adminConsole, 'v1')).toBe(false);
  });

  it('refuses a FIFO', async () => {
    execFileSync('mkfifo', [path.join(built, 'static', 'pipe')]);
    await expect(createLocalStore({ dir }).publish(adminConsole, 'v1', built)).rejects.toThrow(
      `  - ${path.join('static', 'pipe')} (FIFO)`,
    );
    expect(storeIsEmpty()).toBe(true);
  });

  it('a release --from such a folder is refused before the gate, naming the folder; nothing is flipped', async () => {
    withLinks();
    const store = createLocalStore({ dir });
    await expect(
      releaseRemote({ remote: adminConsole, version: 'v1', store, fromDir: built, shellManifest: shellFile }),
    ).rejects.toThrow(new RegExp(`^${built.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')} には通常のファイル`));
    expect(storeIsEmpty()).toBe(true);
    expect(await store.read()).toEqual({ registry: {}, history: { releases: [], events: [] } });
  });

  it('npm run release -- admin-console --from <dist with x -> /> exits 1 and publishes nothing', async () => {
    withLinks();
    const cli = run(
      process.execPath,
      [path.join(repoRoot, 'scripts/release.mjs'), 'admin-console', '--version', 'v1', '--from', built],
      { env: Object.assign({}, process.env, { RELEASE_STORE_DIR: dir, SHELL_MANIFEST: shellFile }) },
    );
    await expect(cli).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('x (シンボリックリンク → /)') });
    expect(storeIsEmpty()).toBe(true);
  });

  it('publishes a folder named through a symbolic link (what it holds is plain)', async () => {
    const link = path.join(tmp, 'dist-link');
    fs.symlinkSync(built, link);
    const store = createLocalStore({ dir });
    await releaseRemote({ remote: adminConsole, version: 'v1', store, fromDir: link, shellManifest: shellFile });
    const published = path.join(dir, 'admin-console', 'v1');
    expect(fs.lstatSync(published).isDirectory()).toBe(true);
    expect(fs.readFileSync(path.join(published, 'static', 'js', 'main.js'), 'utf8')).toBe('console.log(1);');
  });
});

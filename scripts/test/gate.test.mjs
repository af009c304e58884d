import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkCompatibility } from '../lib/release/gate.mjs';
import { createLocalStore } from '../lib/release/localStore.mjs';
import { releaseRemote, rollbackRemote } from '../lib/release/release.mjs';

const shared = (name, version, { requiredVersion = `^${version}`, singleton = true } = {}) => ({
  id: `x:${name}`,
  name,
  version,
  singleton,
  requiredVersion,
});

const shellManifest = {
  name: 'shell',
  shared: [
    shared('react', '19.3.1'),
    shared('react-dom', '19.3.1'),
    shared('styled-components', '6.6.0'),
    shared('shared-ui', '1.0.0', { singleton: false }),
  ],
  exposes: [],
};

const remoteManifest = (overrides = {}) => ({
  name: 'admin_console',
  shared: [shared('react', '19.3.1'), shared('react-dom', '19.3.1'), shared('styled-components', '6.6.0')],
  exposes: [{ id: 'admin_console:routes', name: 'routes', path: './routes' }],
  ...overrides,
});

describe('compatibility gate', () => {
  it('passes a remote built against the shell’s singletons', () => {
    expect(
      checkCompatibility({ remoteManifest: remoteManifest(), shellManifest, federationName: 'admin_console' }),
    ).toEqual({ ok: true, problems: [], notes: [] });
  });

  it('refuses a remote that needs a React major above the shell’s, naming the module and both versions', () => {
    const verdict = checkCompatibility({
      remoteManifest: remoteManifest({ shared: [shared('react', '20.0.0'), shared('react-dom', '19.3.1')] }),
      shellManifest,
      federationName: 'admin_console',
    });
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toEqual([
      '共有シングルトン react: admin_console は ^20.0.0 を必要としますが、シェルが提供するのは 19.3.1 です。',
    ]);
  });

  it('refuses a remote whose ./routes module is gone', () => {
    const verdict = checkCompatibility({
      remoteManifest: remoteManifest({ exposes: [{ name: 'Routes', path: './Routes' }] }),
      shellManifest,
      federationName: 'admin_console',
    });
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toEqual(['シェルが読み込む公開モジュール ./routes が admin_console にありません。']);
  });

  it('refuses another remote’s build released under this name', () => {
    const verdict = checkCompatibility({
      remoteManifest: remoteManifest({ name: 'public_site' }),
      shellManifest,
      federationName: 'admin_console',
    });
    expect(verdict.problems[0]).toContain('public_site');
  });

  it('lets a non-singleton helper package newer than the shell’s through, saying the remote brings its own copy', () => {
    const verdict = checkCompatibility({
      remoteManifest: remoteManifest({
        shared: [shared('react', '19.3.1'), shared('shared-ui', '1.1.0', { singleton: false })],
      }),
      shellManifest,
      federationName: 'admin_console',
    });
    expect(verdict.ok).toBe(true);
    expect(verdict.notes).toEqual([
      'shared-ui: ^1.1.0 はシェルの 1.0.0 では満たせないため、admin_console 自身の 1.1.0 を読み込みます。',
    ]);
  });

  it('says when a non-singleton is served by the shell’s copy', () => {
    const verdict = checkCompatibility({
      remoteManifest: remoteManifest({ shared: [shared('shared-ui', '1.0.0', { singleton: false })] }),
      shellManifest,
      federationName: 'admin_console',
    });
    expect(verdict.notes).toEqual(['shared-ui: ^1.0.0 をシェルの 1.0.0 で満たします。']);
  });

  it('refuses a singleton the shell is too new for (a minor range the shell left)', () => {
    const verdict = checkCompatibility({
      remoteManifest: remoteManifest({ shared: [shared('styled-components', '6.1.0', { requiredVersion: '~6.1.0' })] }),
      shellManifest,
      federationName: 'admin_console',
    });
    expect(verdict.problems).toEqual([
      '共有シングルトン styled-components: admin_console は ~6.1.0 を必要としますが、シェルが提供するのは 6.6.0 です。',
    ]);
  });
});

describe('a refused release', () => {
  const adminConsole = { workspace: 'admin-console', federationName: 'admin_console', port: 3004 };
  let dir;
  let built;
  let shellFile;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-store-'));
    built = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-built-'));
    shellFile = path.join(dir, '..', `${path.basename(dir)}-shell.json`);
    fs.writeFileSync(shellFile, JSON.stringify(shellManifest));
  });
  afterEach(() => {
    for (const p of [dir, built, shellFile]) fs.rmSync(p, { recursive: true, force: true });
  });

  it('publishes nothing and leaves the registry and history as they were', async () => {
    const store = createLocalStore({ dir });
    fs.writeFileSync(path.join(built, 'mf-manifest.json'), JSON.stringify(remoteManifest()));
    await releaseRemote({ remote: adminConsole, version: 'good', store, fromDir: built, shellManifest: shellFile });
    const registryBefore = fs.readFileSync(path.join(dir, 'mf-remotes.json'), 'utf8');
    const historyBefore = fs.readFileSync(path.join(dir, 'history.json'), 'utf8');

    fs.writeFileSync(
      path.join(built, 'mf-manifest.json'),
      JSON.stringify(remoteManifest({ shared: [shared('react', '20.0.0')] })),
    );
    await expect(
      releaseRemote({ remote: adminConsole, version: 'bad', store, fromDir: built, shellManifest: shellFile }),
    ).rejects.toThrow(/react: admin_console は \^20\.0\.0 を必要としますが、シェルが提供するのは 19\.3\.1/);
    expect(fs.readFileSync(path.join(dir, 'mf-remotes.json'), 'utf8')).toBe(registryBefore);
    expect(fs.readFileSync(path.join(dir, 'history.json'), 'utf8')).toBe(historyBefore);
    expect(fs.readdirSync(path.join(dir, 'admin-console'))).toEqual(['good']);
  });

  it('is refused when the live shell’s manifest cannot be read', async () => {
    const store = createLocalStore({ dir });
    fs.writeFileSync(path.join(built, 'mf-manifest.json'), JSON.stringify(remoteManifest()));
    await expect(
      releaseRemote({
        remote: adminConsole,
        version: 'v1',
        store,
        fromDir: built,
        shellManifest: `${shellFile}.missing`,
      }),
    ).rejects.toThrow('を読めません');
    expect(fs.existsSync(path.join(dir, 'mf-remotes.json'))).toBe(false);
  });
});

describe('a rollback', () => {
  const adminConsole = { workspace: 'admin-console', federationName: 'admin_console', port: 3004 };
  // The shell has moved on to React 20 since v1 was released: v1 needs React 19.
  const shellOnReact20 = Object.assign({}, shellManifest, {
    shared: [shared('react', '20.0.0'), shared('react-dom', '20.0.0'), shared('styled-components', '6.6.0')],
  });
  const onReact20 = remoteManifest({ shared: [shared('react', '20.0.0'), shared('react-dom', '20.0.0')] });
  let tmp;
  let dir;
  let built;
  let shellFile;
  const files = () => ['mf-remotes.json', 'history.json'].map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
  const releaseAgainst = async (store, version, manifest, shell) => {
    fs.writeFileSync(path.join(built, 'mf-manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(shellFile, JSON.stringify(shell));
    await releaseRemote({ remote: adminConsole, version, store, fromDir: built, shellManifest: shellFile });
  };
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-rollback-'));
    dir = path.join(tmp, 'store');
    built = path.join(tmp, 'dist');
    shellFile = path.join(tmp, 'shell.json');
    fs.mkdirSync(built);
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('to a release the live shell no longer satisfies is refused with the gate’s message; nothing is flipped', async () => {
    const store = createLocalStore({ dir });
    await releaseAgainst(store, 'v1', remoteManifest(), shellManifest);
    await releaseAgainst(store, 'v2', onReact20, shellOnReact20);
    const before = files();

    const refusal = rollbackRemote({ remote: adminConsole, store, shellManifest: shellFile });
    await expect(refusal).rejects.toThrow(
      'admin-console を v1 に戻すロールバックを中止しました。公開中のシェルと互換性がありません:\n' +
        '  - 共有シングルトン react: admin_console は ^19.3.1 を必要としますが、シェルが提供するのは 20.0.0 です。\n' +
        '  - 共有シングルトン react-dom: admin_console は ^19.3.1 を必要としますが、シェルが提供するのは 20.0.0 です。\n' +
        'レジストリと公開中のサイトは変更していません。',
    );
    await expect(refusal).rejects.toMatchObject({ problems: [expect.stringContaining('react:'), expect.anything()] });
    expect(files()).toEqual(before);
    expect((await store.read()).registry.admin_console).toBe(store.manifestUrl(adminConsole, 'v2'));
  });

  it('to a release the live shell satisfies goes through', async () => {
    const store = createLocalStore({ dir });
    await releaseAgainst(store, 'v1', remoteManifest(), shellManifest);
    await releaseAgainst(store, 'v2', remoteManifest(), shellManifest);
    await expect(rollbackRemote({ remote: adminConsole, store, shellManifest: shellFile })).resolves.toMatchObject({
      version: 'v1',
    });
    expect((await store.read()).registry.admin_console).toBe(store.manifestUrl(adminConsole, 'v1'));
  });

  it('is refused when the target release’s manifest cannot be read (it cannot be gated)', async () => {
    const store = createLocalStore({ dir });
    await releaseAgainst(store, 'v1', remoteManifest(), shellManifest);
    await releaseAgainst(store, 'v2', remoteManifest(), shellManifest);
    fs.rmSync(path.join(dir, 'admin-console', 'v1', 'mf-manifest.json'));
    const before = files();
    await expect(rollbackRemote({ remote: adminConsole, store, shellManifest: shellFile })).rejects.toThrow(
      `${path.join(dir, 'admin-console', 'v1', 'mf-manifest.json')} がありません。`,
    );
    expect(files()).toEqual(before);
  });

  it('is refused when the live shell’s manifest cannot be read', async () => {
    const store = createLocalStore({ dir });
    await releaseAgainst(store, 'v1', remoteManifest(), shellManifest);
    await releaseAgainst(store, 'v2', remoteManifest(), shellManifest);
    const before = files();
    await expect(
      rollbackRemote({ remote: adminConsole, store, shellManifest: `${shellFile}.missing` }),
    ).rejects.toThrow('を読めません');
    expect(files()).toEqual(before);
  });
});

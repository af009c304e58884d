// The compatibility gate (docs/releasing.md): what it lets through and what it refuses, with
// the messages a team reads. The service's use of it is tested in article-api/test/releases.*.
import { describe, expect, it } from '@jest/globals';
import { checkCompatibility, type FederationManifest } from './gate';

const shared = (
  name: string,
  version: string,
  { requiredVersion = `^${version}`, singleton = true }: { requiredVersion?: string; singleton?: boolean } = {},
) => ({
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

const remoteManifest = (overrides: Partial<FederationManifest> = {}): FederationManifest => ({
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

  describe('the federation runtime, which a remote takes from the shell', () => {
    const built = (pluginVersion: string) => ({ metaData: { name: 'x', pluginVersion } });
    const check = (remote: FederationManifest, shell: FederationManifest) =>
      checkCompatibility({ remoteManifest: remote, shellManifest: shell, federationName: 'admin_console' });

    it('passes a remote built with the shell’s release of it', () => {
      expect(check(remoteManifest(built('2.9.2')), { ...shellManifest, ...built('2.9.2') }).ok).toBe(true);
    });

    it('refuses a remote built with another release, naming both', () => {
      expect(check(remoteManifest(built('2.10.0')), { ...shellManifest, ...built('2.9.2') })).toEqual({
        ok: false,
        problems: [
          'フェデレーションのランタイム: admin_console は 2.10.0 でビルドされていますが、シェルは 2.9.2 です (リモートはシェルのランタイムで動きます)。',
        ],
        notes: [],
      });
    });

    it('does not refuse a manifest that does not say which release built it', () => {
      expect(check(remoteManifest(), { ...shellManifest, ...built('2.9.2') }).ok).toBe(true);
      expect(check(remoteManifest(built('2.10.0')), shellManifest).ok).toBe(true);
    });
  });
});

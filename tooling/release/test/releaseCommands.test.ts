/**
 * npm run release / promote / releases against the release registry service: the folder is
 * published to the artifact store, the service flips it (or refuses, and the folder is taken back),
 * and what a team reads on the terminal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RELEASE_TOKENS as T, releaseWorldOfFile } from './releaseWorld';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

const { world, published } = releaseWorldOfFile();
const storeUrl = (version: string) =>
  expect.stringMatching(new RegExp(`/store/admin-console/${version}/mf-manifest\\.json$`));

it('releases a built folder to production: published, flipped, said on the terminal with the manifest URL', async () => {
  const { code, out } = await world().cli('release', [
    'admin-console',
    '--version',
    'v1',
    '--from',
    world().builtFolder('v1'),
  ]);
  expect(code).toBe(0);
  expect(out).toMatch(
    /✔ admin_console v1 を公開しました \(本番 production\): http:\/\/.+\/store\/admin-console\/v1\/mf-manifest\.json/,
  );
  expect(fs.readFileSync(path.join(published('v1'), 'static', 'main.js'), 'utf8')).toBe('console.log("v1");');
  expect(await world().registry('production')).toEqual({ admin_console: storeUrl('v1') });
  const [entry] = await world().audit();
  expect(entry).toMatchObject({
    action: 'release',
    outcome: 'done',
    version: 'v1',
    actor: { email: 'Admin@Example.com' },
  });
  expect(entry!.sourceCommit).toMatch(/^[0-9a-f]{40}$/); // the checkout's commit
});

it('a build the shell cannot run: the gate’s problems on stderr, exit 1, the folder taken back, nothing flipped', async () => {
  const before = await world().registry('production');
  const { code, err } = await world().cli('release', [
    'admin-console',
    '--version',
    'v2',
    '--from',
    world().builtFolder('v2', '^20.0.0'),
  ]);
  expect(code).toBe(1);
  expect(err).toContain('互換性がないため中止しました');
  expect(err).toContain(
    '  - 共有シングルトン react: admin_console は ^20.0.0 を必要としますが、シェルが提供するのは 19.2.0 です。',
  );
  expect(fs.existsSync(published('v2'))).toBe(false);
  expect(await world().registry('production')).toEqual(before);
});

it('a member of another team is refused by the service (403): the CLI says why, the refusal is audited', async () => {
  const { code, err } = await world().cli(
    'release',
    ['admin-console', '--version', 'v3', '--from', world().builtFolder('v3')],
    T.publicTeam,
  );
  expect(code).toBe(1);
  expect(err.trim()).toBe(
    'admin-console をリリースする権限がありません。admin-console チームのメンバーか管理者だけがリリースできます。',
  );
  expect(fs.existsSync(published('v3'))).toBe(false);
  expect((await world().audit())[0]).toMatchObject({
    outcome: 'forbidden',
    version: 'v3',
    actor: { email: 'public-team@example.com' },
  });
});

it('staging, then promote: production serves the very folder, byte for byte, without a build', async () => {
  expect(
    (
      await world().cli(
        'release',
        ['admin-console', '--env', 'staging', '--version', 'v4', '--from', world().builtFolder('v4')],
        T.adminTeam,
      )
    ).code,
  ).toBe(0);
  const staging = await world().registry('staging');
  const { code, out } = await world().cli('promote', ['admin-console', 'v4'], T.adminTeam);
  expect(code).toBe(0);
  expect(out).toContain('✔ admin_console v4 を昇格しました (本番 production)');
  expect((await world().registry('production')).admin_console).toBe(staging.admin_console);
  expect(fs.readdirSync(path.join(world().storeDir, 'admin-console')).sort()).toEqual(['v1', 'v4']);
});

it('rolls back production to the release before, and `npm run releases` shows both environments and the audit log', async () => {
  const { code, out } = await world().cli('release', ['admin-console', '--rollback']);
  expect(code).toBe(0);
  expect(out).toContain('✔ admin_console を v1 に戻しました (本番 production)');
  expect(await world().registry('production')).toEqual({ admin_console: storeUrl('v1') });
  const listing = await world().cli('releases', ['--remote', 'admin-console']);
  expect(listing.code).toBe(0);
  expect(listing.out).toMatch(/ステージング staging: v4 /);
  expect(listing.out).toMatch(/本番 production: v1 /);
  expect(listing.out).toMatch(/監査ログ \(新しい順、\d+ 件\)/);
  expect(listing.out).toMatch(/forbidden +release +admin_console production v3 +public-team@example\.com/);
});

it('refuses a folder holding a symbolic link before anything is published, naming it', async () => {
  const folder = world().builtFolder('linked');
  fs.symlinkSync('/', path.join(folder, 'x'));
  const { code, err } = await world().cli('release', ['admin-console', '--version', 'v5', '--from', folder]);
  expect(code).toBe(1);
  expect(err).toContain('  - x (シンボリックリンク → /)');
  expect(fs.existsSync(published('v5'))).toBe(false);
});

it('says that --shell-manifest is gone and where the gate’s shell comes from now (exit 2: typed wrong)', async () => {
  const { code, err } = await world().cli('release', ['admin-console', '--shell-manifest', 'x.json']);
  expect(code).toBe(2);
  expect(err).toContain('--shell-manifest はなくなりました');
});

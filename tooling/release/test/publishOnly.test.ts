/**
 * npm run release -- <remote> --publish-only: the folder goes into the artifact store and nothing
 * else happens — no line moves, nothing is audited — so the リリース page's カナリアを開始 can
 * start it later. The account's rights are asked first: another team's member uploads nothing.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createReleaseClient } from 'shared-releases';
import { RELEASE_TOKENS as T, releaseWorldOfFile } from './releaseWorld';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

const { world, published } = releaseWorldOfFile();

it('puts the folder in the store only: the registry and the audit log are unchanged, the terminal says how to start it', async () => {
  const registryBefore = await world().registryDocument('production');
  const auditBefore = await world().audit();
  const { code, out } = await world().cli('release', [
    'admin-console',
    '--publish-only',
    '--version',
    'p1',
    '--from',
    world().builtFolder('p1'),
  ]);
  expect(code).toBe(0);
  expect(out).toContain('✔ admin-console p1 をアーティファクトストアに置きました (まだ公開していません)。');
  expect(out).toContain('「カナリアを開始」でバージョン p1 を指定して');
  expect(fs.readFileSync(path.join(published('p1'), 'static', 'main.js'), 'utf8')).toBe('console.log("p1");');
  expect(await world().registryDocument('production')).toEqual(registryBefore);
  expect(await world().audit()).toEqual(auditBefore);
});

it('the version published so is what a canary started through the service (as the リリース page does) serves', async () => {
  const client = createReleaseClient({ baseUrl: world().apiUrl, getIdToken: async () => T.admin });
  await client.startCanary('admin_console', 'production', { version: 'p1', canaryPercent: 10 }, randomUUID());
  const { canaries } = await world().registryDocument('production');
  expect(JSON.stringify(canaries)).toMatch(/\/store\/admin-console\/p1\/mf-manifest\.json/);
});

it('a member of another team: refused with the service’s reason before anything is uploaded (exit 1)', async () => {
  const { code, err } = await world().cli(
    'release',
    ['admin-console', '--publish-only', '--version', 'p2', '--from', world().builtFolder('p2')],
    T.publicTeam,
  );
  expect(code).toBe(1);
  expect(err.trim()).toBe(
    'admin-console をリリースする権限がありません。admin-console チームのメンバーか管理者だけがリリースできます。',
  );
  expect(fs.existsSync(published('p2'))).toBe(false);
});

it('--publish-only with --canary is typed wrong (exit 2), nothing is uploaded', async () => {
  const { code, err } = await world().cli('release', [
    'admin-console',
    '--publish-only',
    '--canary',
    '10',
    '--version',
    'p3',
    '--from',
    world().builtFolder('p3'),
  ]);
  expect(code).toBe(2);
  expect(err).toContain('--publish-only は --canary・--rollback と一緒に使えません');
  expect(fs.existsSync(published('p3'))).toBe(false);
});

/**
 * npm run release --canary, npm run canary and what npm run releases shows of canaries, against the
 * release registry service in this process: a canary started beside the live release, its share
 * changed, promoted, aborted, refused, and withdrawn by the service on the health browsers report.
 */
import fs from 'node:fs';
import path from 'node:path';
import { viewTokenFor } from 'shared-releases/view-token';
import { RELEASE_TOKENS as T, type ReleaseWorld, startReleaseWorld } from './releaseWorld';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(90_000));

// Figures small enough to reach in a test: 20 canary views decide (each page load's view token
// counts, all from this one address).
const HEALTH = { HEALTH_MIN_CANARY_VIEWS: '20', HEALTH_REPORTS_PER_MINUTE: '100000' };

let world: ReleaseWorld;
beforeAll(async () => {
  world = await startReleaseWorld(HEALTH);
  const first = await world.cli('release', ['admin-console', '--version', 'v1', '--from', world.builtFolder('v1')]);
  expect(first.code).toBe(0);
});
afterAll(() => world.close());

const published = (version: string) => path.join(world.storeDir, 'admin-console', version);
const manifestPattern = (version: string) =>
  `http://127\\.0\\.0\\.1:\\d+/store/admin-console/${version}/mf-manifest\\.json`;
const release = (version: string, ...args: string[]) =>
  world.cli('release', ['admin-console', '--version', version, '--from', world.builtFolder(version), ...args]);
const canaryOf = async () => (await world.registryDocument('production')).canaries.admin_console;
const latestAudit = async () => (await world.audit())[0]!;
/** What the sequential test says now of admin_console's running canary in production. */
const decisionOf = async () =>
  (await world.overview()).remotes.find((remote) => remote.remote === 'admin_console')!.environments.production.health
    .decision;

/**
 * `views` page loads of one release of admin_console in production, each its own view token (as
 * the web server signs it) and one view; `failures` of them failed to load.
 */
async function report(manifest: string, views: number, failures = 0) {
  for (let page = 0; page < views; page += 1) {
    const entries = [
      {
        remote: 'admin_console',
        manifest,
        views: 1,
        loadFailures: page < failures ? 1 : 0,
        renderCrashes: 0,
        hydrationErrors: 0,
      },
    ];
    const status = await world.reportHealth({ environment: 'production', token: viewTokenFor(entries), entries });
    expect(status).toBeLessThan(300);
  }
}

it('starts a canary: published, served to 10 % beside the live release, said with the next commands, audited', async () => {
  const { code, out } = await release('c1', '--canary', '10');
  expect(code).toBe(0);
  expect(out).toMatch(
    new RegExp(
      `✔ admin_console c1 をカナリアとして公開しました \\(本番 production\\): 訪問者の 10 % に ${manifestPattern('c1')}`,
    ),
  );
  expect(out).toContain('残りの訪問者には v1 を配信します。');
  expect(out).toContain('npm run canary -- admin-console <1〜99> | promote | abort');
  expect(fs.existsSync(path.join(published('c1'), 'mf-manifest.json'))).toBe(true);
  expect((await world.registry('production')).admin_console).toMatch(new RegExp(manifestPattern('v1')));
  expect(await canaryOf()).toEqual({ manifestUrl: expect.stringMatching(manifestPattern('c1')), percent: 10 });
  expect(await latestAudit()).toMatchObject({ action: 'canary', outcome: 'done', version: 'c1', canaryPercent: 10 });
});

it('changes the share, and npm run releases shows it with live and canary health side by side', async () => {
  const { code, out } = await world.cli('canary', ['admin-console', '50']);
  expect(code).toBe(0);
  expect(out).toMatch(
    new RegExp(`✔ admin_console のカナリア c1 の割合を 50 % にしました \\(本番 production\\): 訪問者の 50 % に`),
  );
  expect((await canaryOf())?.percent).toBe(50);
  expect(await latestAudit()).toMatchObject({ action: 'canary-percent', version: 'c1', canaryPercent: 50 });

  const document = await world.registryDocument('production');
  await report(document.lines.admin_console!, 40, 1);
  await report(document.canaries.admin_console!.manifestUrl, 10);
  const listing = await world.cli('releases', ['--remote', 'admin-console']);
  expect(listing.code).toBe(0);
  expect(listing.out).toMatch(/本番 production: v1 .*\n +カナリア c1: 実行中 50 % +開始 \S+ +Admin@Example\.com\n/);
  expect(listing.out).toContain(
    '健全性 (直近 10 分): 現行 v1 表示 40 回 失敗率 2.5 % | カナリア c1 表示 10 回 失敗率 0.0 %',
  );
  // Below the minimum sample (HEALTH_MIN_CANARY_VIEWS 20): the running canary's decision is 判定保留.
  expect(listing.out).toContain(
    '  判断: カナリア c1 表示 10 回 失敗率 0.0 % | 現行 v1 表示 40 回 失敗率 2.5 % (判定保留: 逐次検定',
  );
  expect(listing.out).toMatch(/done +canary-percent +admin_console production c1 +Admin@Example\.com.* 割合 50 %/);
  expect(listing.out).toMatch(/done +canary +admin_console production c1 +Admin@Example\.com.* 割合 10 %/);
});

it('refuses a second canary while one runs: the service’s sentence, exit 1, the folder taken back', async () => {
  const { code, err } = await release('c2', '--canary', '10');
  expect(code).toBe(1);
  expect(err.trim()).toBe(
    'admin-console の本番 (production)では既にカナリア c1 を 50% に配信中です。新しいカナリアの前に、今のカナリアを昇格 (promote) するか中止 (abort) してください。',
  );
  expect(fs.existsSync(published('c2'))).toBe(false);
  expect((await canaryOf())?.manifestUrl).toMatch(/\/c1\//);
});

it('refuses a member of another team', async () => {
  const { code, err } = await world.cli('canary', ['admin-console', '20'], T.publicTeam);
  expect(code).toBe(1);
  expect(err).toContain('admin-console をリリースする権限がありません。');
  expect((await canaryOf())?.percent).toBe(50);
});

it('promotes the canary: every visitor is served it, no canary is left', async () => {
  const { code, out } = await world.cli('canary', ['admin-console', 'promote']);
  expect(code).toBe(0);
  expect(out).toMatch(
    new RegExp(
      `✔ admin_console のカナリア c1 を昇格しました \\(本番 production\\): すべての訪問者に ${manifestPattern('c1')}`,
    ),
  );
  expect((await world.registry('production')).admin_console).toMatch(/\/c1\//);
  expect(await canaryOf()).toBeUndefined();
  expect(await latestAudit()).toMatchObject({ action: 'canary-promote', outcome: 'done', version: 'c1' });
});

it('says when there is no canary to abort (exit 1), then aborts one: the live release for everyone again', async () => {
  const none = await world.cli('canary', ['admin-console', 'abort']);
  expect(none.code).toBe(1);
  expect(none.err.trim()).toBe('admin-console の本番 (production)で配信中のカナリアはありません。');

  expect((await release('c3', '--canary', '5')).code).toBe(0);
  const { code, out } = await world.cli('canary', ['admin-console', 'abort']);
  expect(code).toBe(0);
  expect(out).toMatch(
    new RegExp(
      `✔ admin_console のカナリアを中止しました \\(本番 production\\): すべての訪問者に ${manifestPattern('c1')}`,
    ),
  );
  expect(await canaryOf()).toBeUndefined();
  expect(await latestAudit()).toMatchObject({ action: 'canary-abort', outcome: 'done', version: 'c3' });
});

it('a canary failing to load is withdrawn by the service; npm run releases shows the figures and 自動; abort clears it', async () => {
  expect((await release('c4', '--canary', '50')).code).toBe(0);
  // c1's views as a canary count beside these when they share a minute with c4's start (the window
  // is counted in whole minutes), so the live figure is read before, not assumed.
  const liveBefore = (await decisionOf())!.live.views;
  expect(liveBefore).toBeLessThanOrEqual(10);
  const document = await world.registryDocument('production');
  await report(document.lines.admin_console!, 40);
  await report(document.canaries.admin_console!.manifestUrl, 20, 20);

  expect(await canaryOf()).toBeUndefined(); // nobody is served c4 any more
  expect(await latestAudit()).toMatchObject({ action: 'canary-withdraw', actor: { uid: null }, canaryPercent: 0 });
  const listing = await world.cli('releases', ['--remote', 'admin-console']);
  expect(listing.out).toMatch(/カナリア c4: 自動で取り下げ 0 % \(\S+\)/);
  expect(listing.out).toContain('失敗率が高いため、リリースサービスが自動で取り下げました。');
  expect(listing.out).toContain(
    `判断: カナリア c4 表示 20 回 失敗率 100.0 % | 現行 c1 表示 ${liveBefore + 40} 回 失敗率 0.0 %`,
  );
  expect(listing.out).toMatch(
    /\(取り下げ: 逐次検定 尤度比 [\d.]+ \(取り下げ境界 20\)・[\d.]+ \(健全境界 5\)、誤取り下げ率 5\.0 %・検出力 80\.0 %・検出する差 5 ポイント、最小 20 表示、開始から [\d.]+ 秒\)/,
  );
  expect(listing.out).toContain('新しいカナリアの前に片付けてください: npm run canary -- admin-console abort');
  expect(listing.out).toMatch(
    /done +canary-withdraw +admin_console production c4 +自動.* 割合 0 %\n +判断: カナリア c4 表示 20 回/,
  );

  const raise = await world.cli('canary', ['admin-console', '30']);
  expect(raise.code).toBe(1);
  expect(raise.err).toContain('失敗率が高いためサービスが取り下げました');
  expect((await world.cli('canary', ['admin-console', 'abort'])).code).toBe(0);
  expect((await world.cli('releases', ['--remote', 'admin-console'])).out).not.toMatch(/カナリア c4: /);
});

it.each([
  [['canary', 'admin-console'], '使い方: npm run canary -- <リモート> <割合 1〜99 | promote | abort | pause | resume>'],
  [
    ['canary', 'admin-console', '0'],
    'カナリアを 0 % にするには中止してください: npm run canary -- admin-console abort',
  ],
  [
    ['canary', 'admin-console', '100'],
    'カナリアを 100 % にするには昇格してください: npm run canary -- admin-console promote',
  ],
  [['canary', 'admin-console', 'halfway'], '「halfway」は割合でも promote / abort / pause / resume でもありません。'],
  [
    ['release', 'admin-console', '--canary', '1,10,50'],
    'ステップを自動で進めるには各ステップの保持時間を --soak で指定してください (例: --soak 10m)。',
  ],
  [
    ['release', 'admin-console', '--canary', '1,10', '--soak', '10'],
    '--soak「10」は使えません。20s・10m・1h のように数と単位 (s 秒 / m 分 / h 時間) で、1 日以内で指定してください。',
  ],
  [['release', 'admin-console', '--soak', '10m'], '--soak は --canary のステップと一緒に使います'],
  [
    ['canary', 'admin-console', '50', '--env', 'dev'],
    '環境「dev」はありません。staging / production のどれかを指定してください。',
  ],
  [
    ['release', 'admin-console', '--canary', '150'],
    'カナリアの割合「150」は使えません。1〜99 の整数 (%) で指定してください。',
  ],
  [['release', 'admin-console', '--canary', '10', '--rollback'], '--rollback と --canary は一緒に使えません。'],
] as const)('typed wrong (%j): says how, exit 2, nothing sent', async ([script, ...args], message) => {
  const before = (await world.audit()).length;
  const { code, err } = await world.cli(script, [...args]);
  expect(code).toBe(2);
  expect(err).toContain(message);
  expect((await world.audit()).length).toBe(before);
});

/**
 * Automatic rollback: a canary the sequential test finds worse than the live release (from
 * HEALTH_MIN_CANARY_VIEWS canary views; src/releases/sequentialTest.ts) is withdrawn by the service — 0 %, out of
 * the registry, the decision and its figures in the audit log — and decided once however many
 * reports (or instances) cross the line together. A healthy canary under the same traffic stays.
 * Each page load is a report with its own view token. Both engines.
 */
import type { AuditEntry, CanaryDecision } from 'shared-releases';
import {
  addresses,
  CANARY_ENV,
  canaryOf,
  canaryRequests,
  consoleManifest,
  entry,
  report,
} from './support/canaryRequests';
import { describeOn, freshDatabaseEnv } from 'service-kit/testing';
import type { Send } from 'service-kit/testing';
import { RELEASE_TOKENS as T, remoteManifest } from './support/releaseFixtures';
import { CANARY_START, setUpCanaryApp, useAppsPerTest } from './support/useTestApp';
import { paced } from 'service-kit/testing/pace';

// A few hundred reports per test, each a transaction on PostgreSQL, beside the browser suite.
jest.setTimeout(paced(60_000));

const { api, appOptions, clock, server, store } = setUpCanaryApp();
const CONSOLE = 'admin_console';

beforeAll(() => {
  for (const version of ['v1', 'v2', 'v3']) store.publish('admin-console', version, remoteManifest('admin_console'));
});
beforeEach(async () => {
  const { release, startCanary } = canaryRequests(server.send);
  await release(T.admin, CONSOLE, 'production', 'v1');
  expect((await startCanary(T.admin, CONSOLE, 'production', 'v2', 10)).statusCode).toBe(201);
});

/**
 * A page load of the live release and one of the canary (each its own view token), a second
 * apart, round robin over `visitors` addresses; the canary's view fails when `canaryFails(i)`, the
 * live one's when `liveFails(i)`.
 */
async function traffic(
  send: Send,
  visitors: string[],
  reports: number,
  canaryFails: (i: number) => boolean,
  liveFails: (i: number) => boolean = () => false,
) {
  const { report: post, registry } = canaryRequests(send);
  const crash = (fails: boolean) => (fails ? { renderCrashes: 1 } : {});
  for (let i = 0; i < reports; i += 1) {
    clock.now += 1_000;
    const visitor = visitors[i % visitors.length]!;
    const live = await post(visitor, report(entry(CONSOLE, consoleManifest('v1'), 1, crash(liveFails(i)))));
    const canary = await post(visitor, report(entry(CONSOLE, consoleManifest('v2'), 1, crash(canaryFails(i)))));
    expect([live.statusCode, canary.statusCode]).toEqual([202, 202]);
    if (!(await registry()).canaries[CONSOLE]) return i + 1;
  }
  return null;
}

describe('a canary whose routes throw on render', () => {
  it('is withdrawn at HEALTH_MIN_CANARY_VIEWS views (the test decides at once), out of the registry, with the figures in the audit log', async () => {
    const before = (await api().registryResponse()).headers.etag;
    const reports = await traffic(server.send, addresses(12), 200, () => true);
    expect(reports).toBe(50);

    const registry = await api().registryResponse();
    expect(registry.json()).toMatchObject({ lines: { [CONSOLE]: consoleManifest('v1') }, canaries: {} });
    expect(registry.headers.etag).not.toBe(before);

    const [withdrawal] = await api().audit();
    const decision: CanaryDecision = {
      canary: { version: 'v2', views: 50, loadFailures: 0, renderCrashes: 50, hydrationErrors: 0, failureRate: 1 },
      live: { version: 'v1', views: 50, loadFailures: 0, renderCrashes: 0, hydrationErrors: 0, failureRate: 0 },
      minCanaryViews: 50,
      secondsAfterStart: 50,
      outcome: 'withdraw',
      test: expect.objectContaining({
        method: 'msprt',
        control: 'live',
        alpha: 0.05,
        power: 0.8,
        minEffect: 0.05,
        difference: 1,
        withdrawBoundary: 20,
      }) as CanaryDecision['test'],
    };
    expect(withdrawal).toMatchObject<Partial<AuditEntry>>({
      action: 'canary-withdraw',
      outcome: 'done',
      actor: { uid: null, email: null },
      version: 'v2',
      sourceCommit: 'abc1234',
      canaryPercent: 0,
      before: { version: 'v1', manifestUrl: consoleManifest('v1') },
      decision,
    });
    expect(withdrawal!.message).toBe(
      `カナリア v2 の失敗率 100% (50 表示) がライブ 0% (50 表示) より高いと逐次検定が判定したため (尤度比 ${withdrawal!.decision!.test!.withdrawStatistic} ≥ 境界 20、誤取り下げ率 5%)、サービスが取り下げました (開始から 50 秒)。`,
    );
    expect(withdrawal!.decision!.test!.withdrawStatistic).toBeGreaterThanOrEqual(20);
    expect((await api().environmentOf(CONSOLE)).canary).toMatchObject({
      version: 'v2',
      percent: 0,
      status: 'withdrawn',
      withdrawn: { at: new Date(CANARY_START + 50_000).toISOString(), decision },
    });
  });

  it('counts no more once withdrawn; it can be aborted, not promoted or resized; then a new canary may start', async () => {
    await traffic(server.send, addresses(12), 200, () => true);
    const late = await api().report(
      '198.51.100.1',
      report(entry(CONSOLE, consoleManifest('v2'), 1, { renderCrashes: 1 })),
    );
    expect(late.json()).toEqual({ accepted: 0 });
    expect((await api().environmentOf(CONSOLE)).health.canary!.views).toBe(50);

    const WITHDRAWN =
      'admin-console の本番 (production)のカナリア v2 は、失敗率が高いためサービスが取り下げました。中止 (abort) してから、修正したバージョンでやり直してください。';
    for (const refused of [
      await api().promoteCanary(T.admin, CONSOLE, 'production'),
      await api().setPercent(T.admin, CONSOLE, 'production', 20),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ error: string }>().error).toBe(WITHDRAWN);
    }
    const aborted = await api().abortCanary(T.admin, CONSOLE, 'production');
    expect(aborted.statusCode).toBe(200);
    expect(canaryOf(aborted)).toMatchObject({ live: { version: 'v1' }, canary: null });
    expect((await api().environmentOf(CONSOLE)).canary).toBeNull();
    expect((await api().startCanary(T.admin, CONSOLE, 'production', 'v3', 10)).statusCode).toBe(201);
  });

  it('is decided once when many reports cross the line together', async () => {
    const visitors = addresses(20);
    expect(await traffic(server.send, visitors, 45, () => true)).toBeNull();
    const burst = await Promise.all(
      visitors.map((address) =>
        api().report(address, report(entry(CONSOLE, consoleManifest('v2'), 1, { renderCrashes: 1 }))),
      ),
    );
    expect(burst.every((response) => response.statusCode === 202)).toBe(true);
    const withdrawals = (await api().audit()).filter((line) => line.action === 'canary-withdraw');
    expect(withdrawals).toHaveLength(1);
    expect(withdrawals[0]!.decision!.canary.views).toBeGreaterThanOrEqual(50);
  });
});

describe('a healthy canary under the same traffic', () => {
  it('is not withdrawn: the same failure rate as the live release, well past the minimum views', async () => {
    // One view in ten fails, on the canary and on the live release alike.
    const tenth = (i: number) => i % 10 === 0;
    const reports = await traffic(server.send, addresses(24), 120, tenth, tenth);
    expect(reports).toBeNull();
    const { health, canary } = await api().environmentOf(CONSOLE);
    expect(canary).toMatchObject({ status: 'running', percent: 10 });
    expect(health.canary).toMatchObject({ views: 120, renderCrashes: 12, failureRate: 0.1 });
    // 120 views of each at 10 % cannot yet rule out 5 points worse: inconclusive, shown as such.
    expect(health.decision).toMatchObject({ outcome: 'inconclusive', canary: { views: 120 }, live: { views: 120 } });
    expect((await api().audit()).some((line) => line.action === 'canary-withdraw')).toBe(false);
  });

  it('is read as healthy once the views rule out "worse by the minimum effect"', async () => {
    expect(await traffic(server.send, addresses(24), 49, () => false)).toBeNull();
    expect((await api().environmentOf(CONSOLE)).health.decision).toMatchObject({ outcome: 'inconclusive' });
    expect(await traffic(server.send, addresses(51, '198.51.100'), 51, () => false)).toBeNull();
    const { health } = await api().environmentOf(CONSOLE);
    expect(health.decision).toMatchObject({ outcome: 'healthy', canary: { views: 100, failureRate: 0 } });
    expect(health.decision!.test!.healthyStatistic).toBeGreaterThanOrEqual(health.decision!.test!.healthyBoundary);
  });

  it('a canary worse than live by 10 points, which the fixed 25-point margin let through, is withdrawn', async () => {
    const reports = await traffic(server.send, addresses(24), 400, (i) => i % 10 === 0);
    expect(reports).not.toBeNull();
    const [withdrawal] = await api().audit();
    expect(withdrawal).toMatchObject({
      action: 'canary-withdraw',
      decision: { outcome: 'withdraw', live: { failureRate: 0 } },
    });
    console.log(`canary at 10 % vs live at 0 %: withdrawn after ${reports} canary views`);
  });
});

describeOn('postgres')('two instances on one database', () => {
  const startApp = useAppsPerTest();

  it('withdraw a broken canary once, whichever instance the reports reach', async () => {
    const database = freshDatabaseEnv();
    const env = Object.assign({}, CANARY_ENV, database);
    const [a, b] = [
      await startApp(Object.assign({}, appOptions, { env })),
      await startApp(Object.assign({}, appOptions, { env })),
    ];
    await canaryRequests(a.send).release(T.admin, CONSOLE, 'production', 'v1');
    await canaryRequests(b.send).startCanary(T.admin, CONSOLE, 'production', 'v2', 10);
    const visitors = addresses(30);
    // A page load per report: one view token each.
    const broken = () => report(entry(CONSOLE, consoleManifest('v2'), 1, { renderCrashes: 1 }));
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(
        visitors.map((address, i) => canaryRequests((i + round) % 2 ? a.send : b.send).report(address, broken())),
      );
    }
    const withdrawals = (await canaryRequests(b.send).audit()).filter((line) => line.action === 'canary-withdraw');
    expect(withdrawals).toHaveLength(1);
    expect((await canaryRequests(a.send).registry()).canaries).toEqual({});
  });
});

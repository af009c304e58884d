/**
 * Canary steps that advance themselves (docs/canary-releases.md, "Steps"): a plan of shares and a
 * soak; each step holds at least its soak and until the sequential test calls the canary healthy,
 * then moves on, and after the last step the canary is promoted, every move audited with its
 * figures (actor null: "自動"). Inconclusive holds, withdraw rolls back, a pause holds, bad plans
 * are refused. Both engines; two instances on one PostgreSQL database move a step once.
 */
import type { AuditEntry } from 'shared-releases';
import {
  addresses,
  CANARY_ENV,
  canaryRequests,
  consoleManifest,
  entry,
  JAPANESE,
  report,
  setTokenClock,
} from './support/canaryRequests';
import {
  fakeManifests,
  RELEASE_TOKENS as T,
  releaseVerifyToken,
  remoteManifest,
  shellManifest,
} from './support/releaseFixtures';
import { describeOn, freshDatabaseEnv } from 'service-kit/testing';
import { useAppsPerTest, useTestApp } from './support/useTestApp';

jest.setTimeout(60_000);

const START = Date.parse('2026-03-02T09:00:00.000Z');
let now = START;
const store = fakeManifests();
const appOptions = {
  verifyToken: releaseVerifyToken,
  fetchManifest: store.fetchManifest,
  clock: () => now,
  // A 10-second least soak so that tests run in seconds; the timer's round every second.
  env: Object.assign({}, CANARY_ENV, { CANARY_MIN_SOAK_SECONDS: '10', CANARY_STEP_TICK_SECONDS: '1' }),
};
const server = useTestApp(Object.assign({ per: 'test' as const }, appOptions));
const api = () => canaryRequests(server.send);
const CONSOLE = 'admin_console';
const PLAN = { steps: [1, 10, 50], soakSeconds: 30 };

beforeAll(() => {
  setTokenClock(() => now);
  for (const version of ['v1', 'v2']) store.publish('admin-console', version, remoteManifest('admin_console'));
});
beforeEach(async () => {
  now = START;
  store.setShell('production', shellManifest());
  expect((await api().release(T.admin, CONSOLE, 'production', 'v1')).statusCode).toBe(201);
});

const start = async (plan: object = PLAN) => {
  const started = await api().startPlanned(T.admin, CONSOLE, 'production', 'v2', plan);
  expect(started.statusCode).toBe(201);
};

/**
 * `loads` pairs of page loads (live, canary; each its own view token), a second apart; the canary's
 * fail when `canaryFails(i)`, the live release's when `liveFails(i)`. Stops when the canary is gone.
 */
async function pageLoads(
  loads: number,
  canaryFails = (_i: number) => false,
  liveFails = (_i: number) => false,
  send = server.send,
) {
  const visitors = addresses(30);
  for (let i = 0; i < loads; i += 1) {
    now += 1_000;
    for (const [version, fails] of [
      ['v1', liveFails(i)],
      ['v2', canaryFails(i)],
    ] as const) {
      const sent = await canaryRequests(send).report(
        visitors[i % visitors.length]!,
        report(entry(CONSOLE, consoleManifest(version), 1, fails ? { loadFailures: 1 } : {})),
      );
      expect(sent.statusCode).toBe(202);
    }
    if (!(await canaryRequests(send).registry()).canaries[CONSOLE]) return i + 1;
  }
  return null;
}

const automatic = async () =>
  (await api().audit()).filter((line) => line.actor.uid === null && line.action !== 'canary-withdraw').reverse();

describe('a plan 1,10,50 with healthy traffic', () => {
  it('advances 1 → 10 → 50 → promoted by itself, each move audited with the decision and its figures', async () => {
    await start();
    const [started] = await api().audit();
    expect(started).toMatchObject({ action: 'canary', canaryPercent: 1 });
    expect(started!.message).toBe(
      'ステップ 1% → 10% → 50% → 昇格。各ステップを 30 秒以上、逐次検定が healthy と判定するまで保持して自動で進めます。',
    );
    expect((await api().environmentOf(CONSOLE)).canary!.plan).toEqual({
      steps: [1, 10, 50],
      soakSeconds: 30,
      step: 0,
      stepStartedAt: new Date(START).toISOString(),
      paused: false,
    });

    const loads = await pageLoads(300);
    expect((await api().registry()).lines[CONSOLE]).toEqual(consoleManifest('v2'));

    const moves = await automatic();
    // The first step holds until the test says healthy (past its 30 s soak), each next one its 30 s.
    const seconds = moves.map((move) => move.decision!.secondsAfterStart);
    expect(seconds[0]).toBeGreaterThan(30);
    expect([seconds[1]! - seconds[0]!, seconds[2]! - seconds[1]!]).toEqual([30, 30]);
    expect(loads).toBe(seconds[2]);
    console.log(`plan 1,10,50 soak 30 s: 10 % after ${seconds[0]} s, promoted after ${seconds[2]} s`);
    expect(moves.map((line) => [line.action, line.canaryPercent])).toEqual([
      ['canary-percent', 10],
      ['canary-percent', 50],
      ['canary-promote', 100],
    ]);
    for (const move of moves) {
      expect(move).toMatchObject<Partial<AuditEntry>>({
        outcome: 'done',
        actor: { uid: null, email: null },
        version: 'v2',
        decision: expect.objectContaining({ outcome: 'healthy' }) as AuditEntry['decision'],
      });
    }
    expect(moves[0]!.decision!.canary.views).toBe(seconds[0]);
    expect(moves[0]!.message).toBe(
      `ステップ 1/3 (1%) を ${seconds[0]} 秒保持し、カナリア失敗率 0% (${seconds[0]} 表示)、ライブ 0% (${seconds[0]} 表示)、逐次検定の判定は healthy のため自動で 10% に進めました。`,
    );
    expect(moves[2]!.message).toMatch(/^最後のステップ \(50%\) を 30 秒保持し、.*自動で昇格しました。$/);
    expect((await api().environmentOf(CONSOLE)).live).toMatchObject({ version: 'v2', action: 'release' });
  });

  it('advances on the timer when the soak ends without a report', async () => {
    await start({ steps: [5, 20], soakSeconds: 150 });
    expect(await pageLoads(120)).toBeNull();
    const { canary, health } = await api().environmentOf(CONSOLE);
    expect([canary!.percent, health.decision!.outcome]).toEqual([5, 'healthy']);
    // Still inside the 10-minute health window: the views stay in the decision.
    now += 60_000;
    // The round runs every second (real time): wait for it.
    for (let waited = 0; waited < 40 && (await api().environmentOf(CONSOLE)).canary?.percent === 5; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await api().environmentOf(CONSOLE)).canary).toMatchObject({ percent: 20, plan: { step: 1 } });
    expect((await automatic()).map((line) => line.canaryPercent)).toEqual([20]);
  });
});

it("after a share raised by hand, moves to the plan's next share above it", async () => {
  await start();
  expect((await api().setPercent(T.admin, CONSOLE, 'production', 20)).statusCode).toBe(200);
  expect(await pageLoads(70)).toBeNull();
  expect((await api().environmentOf(CONSOLE)).canary).toMatchObject({ percent: 50, plan: { step: 2 } });
  expect((await automatic()).map((line) => line.canaryPercent)).toEqual([50]);
});

it("is not promoted when the shell can no longer run it: held paused, audited with the gate's problems", async () => {
  await start({ steps: [10], soakSeconds: 30 });
  store.setShell('production', shellManifest('18.3.0'));
  expect(await pageLoads(80)).toBeNull();
  expect((await api().registry()).lines[CONSOLE]).toEqual(consoleManifest('v1'));
  expect((await api().environmentOf(CONSOLE)).canary).toMatchObject({ percent: 10, plan: { paused: true } });
  const [held] = await automatic();
  expect(held).toMatchObject({
    action: 'canary-pause',
    canaryPercent: 10,
    message: 'シェルと互換性がないため自動昇格を止め、ステップを一時停止しました (10%)。',
    verdict: { ok: false },
  });
  expect(await automatic()).toHaveLength(1);
});

describe('a step is held', () => {
  it('past its soak while the decision is inconclusive', async () => {
    await start();
    // One load in ten fails on both: 120 views cannot rule out "worse by 5 points" (inconclusive).
    const tenth = (i: number) => i % 10 === 0;
    expect(await pageLoads(120, tenth, tenth)).toBeNull();
    const { canary, health } = await api().environmentOf(CONSOLE);
    expect(health.decision).toMatchObject({ outcome: 'inconclusive' });
    expect(canary).toMatchObject({ percent: 1, plan: { step: 0 } });
    expect(await automatic()).toEqual([]);
  });

  it('while paused (a second pause is refused), and advances again once resumed', async () => {
    await start();
    expect((await api().holdCanary(T.admin, CONSOLE, 'production', 'pause')).statusCode).toBe(200);
    const again = await api().holdCanary(T.admin, CONSOLE, 'production', 'pause');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe('admin-console のカナリアのステップは既に一時停止中です。');
    expect(await pageLoads(150)).toBeNull();
    expect((await api().environmentOf(CONSOLE)).canary).toMatchObject({ percent: 1, plan: { paused: true } });
    expect(await automatic()).toEqual([]);

    const resumed = await api().holdCanary(T.admin, CONSOLE, 'production', 'resume');
    expect(resumed.statusCode).toBe(200);
    expect(await pageLoads(1)).toBeNull();
    expect((await api().environmentOf(CONSOLE)).canary).toMatchObject({ percent: 10, plan: { paused: false } });
    const actions = (await api().audit()).map((line) => line.action);
    expect(actions.slice(0, 3)).toEqual(['canary-percent', 'canary-resume', 'canary-pause']);
  });

  it('a canary without a plan cannot be paused: it is moved by hand', async () => {
    expect((await api().startCanary(T.admin, CONSOLE, 'production', 'v2', 10)).statusCode).toBe(201);
    const refused = await api().holdCanary(T.admin, CONSOLE, 'production', 'pause');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toMatch(JAPANESE);
    expect(await pageLoads(150)).toBeNull();
    expect((await api().environmentOf(CONSOLE)).canary).toMatchObject({ percent: 10, plan: null });
  });
});

it('a withdraw mid-plan rolls the canary back', async () => {
  await start();
  expect(await pageLoads(70)).toBeNull();
  expect((await api().environmentOf(CONSOLE)).canary).toMatchObject({ percent: 10 });
  expect(await pageLoads(300, () => true)).not.toBeNull();
  expect((await api().registry()).lines[CONSOLE]).toEqual(consoleManifest('v1'));
  expect((await api().environmentOf(CONSOLE)).canary).toMatchObject({ status: 'withdrawn', percent: 0 });
  expect((await api().audit())[0]).toMatchObject({ action: 'canary-withdraw', decision: { outcome: 'withdraw' } });
});

describe('bad plans', () => {
  it.each([
    [{ steps: [1, 10, 50], soakSeconds: 5 }, 'ステップの保持時間は 10 秒以上で指定してください (例: --soak 10s)。'],
    [{ steps: [10, 5], soakSeconds: 30 }, 'カナリアのステップは増えていく順に指定してください (例: 1,10,50)。'],
    [{ steps: [1, 100], soakSeconds: 30 }, 'カナリアの割合は 1〜99 の整数 (%) で指定してください。'],
    [{ steps: [], soakSeconds: 30 }, 'カナリアのステップを 1 つ以上指定してください。'],
    [{ steps: [1, 10], soakSeconds: 1.5 }, 'ステップの保持時間 (soakSeconds) は秒の整数で指定してください。'],
  ])('%j is refused with a Japanese 400, nothing started', async (plan, message) => {
    const refused = await api().startPlanned(T.admin, CONSOLE, 'production', 'v2', plan);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toContain(message);
    expect((await api().registry()).canaries).toEqual({});
  });
});

describeOn('postgres')('two instances on one database', () => {
  const startApp = useAppsPerTest();

  it('move a step once when reports reach both at the end of its soak', async () => {
    const env = Object.assign({}, appOptions.env, freshDatabaseEnv());
    const [a, b] = [
      await startApp(Object.assign({}, appOptions, { env })),
      await startApp(Object.assign({}, appOptions, { env })),
    ];
    now = START;
    await canaryRequests(a.send).release(T.admin, CONSOLE, 'production', 'v1');
    const started = await canaryRequests(b.send).startPlanned(T.admin, CONSOLE, 'production', 'v2', {
      steps: [1, 10, 50],
      soakSeconds: 100,
    });
    expect(started.statusCode).toBe(201);
    // Healthy before the soak ends: nothing moves yet.
    expect(await pageLoads(90, undefined, undefined, a.send)).toBeNull();
    expect((await canaryRequests(b.send).registry()).canaries[CONSOLE]).toMatchObject({ percent: 1 });
    now += 20_000;
    const healthy = () => report(entry(CONSOLE, consoleManifest('v2'), 1));
    await Promise.all(
      addresses(20).map((address, i) => canaryRequests(i % 2 ? a.send : b.send).report(address, healthy())),
    );
    const moves = (await canaryRequests(a.send).audit()).filter((line) => line.action === 'canary-percent');
    expect(moves.map((line) => line.canaryPercent)).toEqual([10]);
    expect((await canaryRequests(b.send).registry()).canaries[CONSOLE]).toMatchObject({ percent: 10 });
  });
});

/**
 * Canary steps that advance themselves (docs/canary-releases.md, "Steps"): a plan of shares and a
 * soak; each step holds at least its soak and until the sequential test calls the canary healthy,
 * then moves on, and after the last step the canary is promoted, every move audited with its
 * figures (actor null: "自動"); a share raised by hand, the shell's gate, a withdrawal mid-plan.
 * canaryStepsHeld.test.ts: the holds, bad plans, two instances. Both engines.
 */
import type { AuditEntry } from 'shared-releases';
import { consoleManifest } from './support/canaryRequests';
import { CONSOLE, setUpCanaryStepsApp } from './support/canarySteps';
import { RELEASE_TOKENS as T, shellManifest } from './support/releaseFixtures';
import { CANARY_START } from './support/useTestApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

const { api, automatic, clock, pageLoads, start, store } = setUpCanaryStepsApp();

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
      stepStartedAt: new Date(CANARY_START).toISOString(),
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
    clock.now += 60_000;
    // The round runs every second (real time): wait for it, for as long as the test's limit allows
    // (a busy machine may take more than a few rounds' time).
    while ((await api().environmentOf(CONSOLE)).canary?.percent === 5) {
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

it('a withdraw mid-plan rolls the canary back', async () => {
  await start();
  expect(await pageLoads(70)).toBeNull();
  expect((await api().environmentOf(CONSOLE)).canary).toMatchObject({ percent: 10 });
  expect(await pageLoads(300, () => true)).not.toBeNull();
  expect((await api().registry()).lines[CONSOLE]).toEqual(consoleManifest('v1'));
  expect((await api().environmentOf(CONSOLE)).canary).toMatchObject({ status: 'withdrawn', percent: 0 });
  expect((await api().audit())[0]).toMatchObject({ action: 'canary-withdraw', decision: { outcome: 'withdraw' } });
});

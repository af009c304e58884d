/**
 * Canary steps (docs/canary-releases.md, "Steps") that do not advance: a step held while the
 * sequential test is inconclusive or while paused, a canary without a plan; bad plans refused in
 * Japanese; on PostgreSQL, two instances on one database move a step once. Both engines.
 */
import { describeOn, freshDatabaseEnv } from 'service-kit/testing';
import { addresses, canaryRequests, consoleManifest, entry, JAPANESE, report } from './support/canaryRequests';
import { CONSOLE, setUpCanaryStepsApp } from './support/canarySteps';
import { RELEASE_TOKENS as T } from './support/releaseFixtures';
import { CANARY_START, useAppsPerTest } from './support/useTestApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

const { api, appOptions, automatic, clock, pageLoads, start } = setUpCanaryStepsApp();

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
    clock.now = CANARY_START;
    await canaryRequests(a.send).release(T.admin, CONSOLE, 'production', 'v1');
    const started = await canaryRequests(b.send).startPlanned(T.admin, CONSOLE, 'production', 'v2', {
      steps: [1, 10, 50],
      soakSeconds: 100,
    });
    expect(started.statusCode).toBe(201);
    // Healthy before the soak ends: nothing moves yet.
    expect(await pageLoads(90, undefined, undefined, a.send)).toBeNull();
    expect((await canaryRequests(b.send).registry()).canaries[CONSOLE]).toMatchObject({ percent: 1 });
    clock.now += 20_000;
    const healthy = () => report(entry(CONSOLE, consoleManifest('v2'), 1));
    await Promise.all(
      addresses(20).map((address, i) => canaryRequests(i % 2 ? a.send : b.send).report(address, healthy())),
    );
    const moves = (await canaryRequests(a.send).audit()).filter((line) => line.action === 'canary-percent');
    expect(moves.map((line) => line.canaryPercent)).toEqual([10]);
    expect((await canaryRequests(b.send).registry()).canaries[CONSOLE]).toMatchObject({ percent: 10 });
  });
});

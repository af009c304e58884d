/**
 * What a running canary refuses (flips wait until it is decided; bad shares and keys; the gate),
 * who may run one (the remote's team and admins, every refusal audited), and two canary actions at
 * the same moment (one wins). Runs on both engines.
 */
import { CONSOLE, setUpCanaryReleaseApp } from './support/canaryApp';
import { consoleManifest } from './support/canaryRequests';
import { RELEASE_TOKENS as T, writeHeaders } from './support/releaseFixtures';

const { api, liveAndCanary, server } = setUpCanaryReleaseApp();

describe('what a running canary refuses', () => {
  const CANARY_FIRST =
    'admin-console の本番 (production)ではカナリア v2 を配信中です。先にカナリアを昇格 (promote) するか中止 (abort) してください。';

  it('a plain release, promotion or rollback: 409 saying to promote or abort it first, audited, nothing changed', async () => {
    await api().release(T.admin, CONSOLE, 'staging', 'v3');
    await liveAndCanary(10);
    const before = await api().registryResponse();
    for (const refused of [
      await api().release(T.admin, CONSOLE, 'production', 'v9'),
      await api().promote(T.admin, CONSOLE, 'production', 'v3'),
      await api().rollback(T.admin, CONSOLE, 'production'),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ error: string }>().error).toBe(CANARY_FIRST);
    }
    expect((await api().audit()).slice(0, 3).map((entry) => [entry.action, entry.outcome])).toEqual([
      ['rollback', 'refused'],
      ['promote', 'refused'],
      ['release', 'refused'],
    ]);
    expect((await api().registryResponse()).headers.etag).toBe(before.headers.etag);
  });

  it('a second canary (409), and shares, promotions and aborts when none runs (409)', async () => {
    expect((await api().setPercent(T.admin, CONSOLE, 'production', 20)).statusCode).toBe(409);
    const none = await api().promoteCanary(T.admin, CONSOLE, 'production');
    expect(none.statusCode).toBe(409);
    expect(none.json<{ error: string }>().error).toBe(
      'admin-console の本番 (production)で配信中のカナリアはありません。',
    );
    expect((await api().abortCanary(T.admin, CONSOLE, 'production')).statusCode).toBe(409);

    await liveAndCanary(10);
    const second = await api().startCanary(T.admin, CONSOLE, 'production', 'v3', 5);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ error: string }>().error).toContain('既にカナリア v2 を 10% に配信中です');
    expect((await api().audit())[0]).toMatchObject({ action: 'canary', outcome: 'refused', version: 'v3' });
    const same = await api().setPercent(T.admin, CONSOLE, 'production', 10);
    expect(same.statusCode).toBe(409);
    expect(same.json<{ error: string }>().error).toBe('admin-console のカナリアは既に 10% で配信中です。');
  });

  it('shares outside 1–99 or not whole, and unknown keys: 400 in Japanese before anything is written', async () => {
    await liveAndCanary(10);
    const auditBefore = await api().audit();
    for (const percent of [0, 100, 5.5, -1, '10', null]) {
      const response = await api().setPercent(T.admin, CONSOLE, 'production', percent);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe('カナリアの割合は 1〜99 の整数 (%) で指定してください。');
    }
    const started = await server.send({
      method: 'POST',
      url: '/api/releases/admin_console/production',
      headers: writeHeaders(T.admin),
      payload: { version: 'v3', canaryPercent: 100 },
    });
    expect(started.statusCode).toBe(400);
    const extra = await server.send({
      method: 'POST',
      url: '/api/releases/admin_console/production/canary/abort',
      headers: writeHeaders(T.admin),
      payload: { percent: 0, expectedCanary: 'v2' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ error: string }>().error).toBe('使えない項目があります: percent');
    expect(await api().audit()).toEqual(auditBefore);
  });

  it('a canary the shell cannot run is refused by the gate, and an unpublished one is a 404', async () => {
    await api().release(T.admin, CONSOLE, 'production', 'v1');
    const gated = await api().startCanary(T.admin, CONSOLE, 'production', 'needs-react-20', 10);
    expect(gated.statusCode).toBe(409);
    expect(gated.json<{ problems: string[] }>().problems).toHaveLength(2);
    expect((await api().startCanary(T.admin, CONSOLE, 'production', 'v9', 10)).statusCode).toBe(404);
    expect((await api().registry()).canaries).toEqual({});
  });
});

describe('who may run a canary', () => {
  it('the remote’s team and admins; anyone else is a 403, audited as forbidden, for every canary action', async () => {
    await api().release(T.admin, CONSOLE, 'production', 'v1');
    const foreign = await api().startCanary(T.publicTeam, CONSOLE, 'production', 'v2', 10);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<{ error: string }>().error).toBe(
      'admin-console をリリースする権限がありません。admin-console チームのメンバーか管理者だけがリリースできます。',
    );
    expect((await api().startCanary(T.noTeam, CONSOLE, 'production', 'v2', 10)).statusCode).toBe(403);
    expect((await api().startCanary(T.adminTeam, CONSOLE, 'production', 'v2', 10)).statusCode).toBe(201);
    for (const call of [
      () => api().setPercent(T.publicTeam, CONSOLE, 'production', 50),
      () => api().promoteCanary(T.publicTeam, CONSOLE, 'production'),
      () => api().abortCanary(T.noTeam, CONSOLE, 'production'),
    ]) {
      expect((await call()).statusCode).toBe(403);
    }
    // Each account's refusals are summed into a line per minute (releaseAudit.test.ts): the other
    // team's three, no team's two, whether or not a minute turned meanwhile.
    const forbidden = (await api().audit()).filter((entry) => entry.outcome === 'forbidden');
    const attemptsOf = (email: string) =>
      forbidden.filter((entry) => entry.actor.email === email).reduce((sum, entry) => sum + entry.attempts!, 0);
    expect(attemptsOf('public-team@example.com')).toBe(3);
    expect(attemptsOf('user@example.com')).toBe(2);
    expect(forbidden.every((entry) => entry.action.startsWith('canary'))).toBe(true);
    expect((await api().registry()).canaries[CONSOLE]).toEqual({ manifestUrl: consoleManifest('v2'), percent: 10 });
    // The overview shows the canary to those who may release it.
    const own = await api().overview(T.adminTeam);
    expect(own.remotes[0]!.environments.production.canary).toMatchObject({
      version: 'v2',
      percent: 10,
      status: 'running',
      actor: 'console-team@example.com',
    });
    const live = { version: 'v1', views: 0, loadFailures: 0, renderCrashes: 0, hydrationErrors: 0, failureRate: null };
    const canary = {
      version: 'v2',
      views: 0,
      loadFailures: 0,
      renderCrashes: 0,
      hydrationErrors: 0,
      failureRate: null,
    };
    // No views yet: the sequential test's word is inconclusive, with the figures it was said on.
    expect(own.remotes[0]!.environments.production.health).toEqual({
      live,
      canary,
      windowMinutes: 10,
      decision: expect.objectContaining({ live, canary, outcome: 'inconclusive', minCanaryViews: 50 }) as unknown,
    });
  });
});

describe('two canary actions at the same moment', () => {
  it('never both win: one is done, the other a 409 audited as a conflict', async () => {
    await liveAndCanary(10);
    const answers = await Promise.all(
      [20, 30, 40].map((percent) => api().setPercent(T.admin, CONSOLE, 'production', percent)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const entries = (await api().audit()).filter((entry) => entry.action === 'canary-percent');
    expect(entries.filter((entry) => entry.outcome === 'done')).toHaveLength(statuses.filter((s) => s === 200).length);
    expect(entries.filter((entry) => entry.outcome === 'conflict')).toHaveLength(
      statuses.filter((s) => s === 409).length,
    );
    const done = entries.find((entry) => entry.outcome === 'done')!; // newest first: the last one done holds
    expect((await api().registry()).canaries[CONSOLE]!.percent).toBe(done.canaryPercent);

    const race = await Promise.all([
      api().promoteCanary(T.admin, CONSOLE, 'production'),
      api().abortCanary(T.admin, CONSOLE, 'production'),
    ]);
    expect(race.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});

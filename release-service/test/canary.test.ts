/**
 * Canary releases (docs/releasing.md): a new version served to a share of the visitors beside the
 * live one, its share changed, promoted or aborted; the rights, gate and audit of a release; every
 * change moves the registry's ETag; flips wait until the canary is decided. Runs on both engines.
 */
import type { FlipResult } from 'shared-releases';
import { canaryOf, canaryRequests, CANARY_ENV, consoleManifest } from './support/canaryRequests';
import { manifestUrlOf, RELEASE_TOKENS as T, remoteManifest, writeHeaders } from './support/releaseFixtures';
import { useReleaseApp } from './support/useTestApp';

const { store, server } = useReleaseApp({ env: CANARY_ENV });
const api = () => canaryRequests(server.send);
const CONSOLE = 'admin_console';

beforeAll(() => {
  for (const version of ['v1', 'v2', 'v3']) store.publish('admin-console', version, remoteManifest('admin_console'));
  store.publish('admin-console', 'needs-react-20', remoteManifest('admin_console', '^20.0.0'));
  store.publish('public-site', 'p1', remoteManifest('public_site'));
});

/** v1 live in production, then v2 as a canary at `percent`. */
async function liveAndCanary(percent = 10) {
  expect((await api().release(T.admin, CONSOLE, 'production', 'v1')).statusCode).toBe(201);
  const started = await api().startCanary(T.adminTeam, CONSOLE, 'production', 'v2', percent);
  expect(started.statusCode).toBe(201);
  return canaryOf(started);
}

describe('a canary from start to promotion', () => {
  it('is served at 10 %, then 50 %, then becomes the live release; each step moves the ETag and is audited', async () => {
    const { registryResponse, registry, setPercent, promoteCanary, audit, environmentOf, rollback } = api();
    await api().release(T.admin, CONSOLE, 'production', 'v1');
    const etags = [(await registryResponse()).headers.etag!];

    const started = await api().startCanary(T.adminTeam, CONSOLE, 'production', 'v2', 10);
    expect(started.statusCode).toBe(201);
    expect(canaryOf(started)).toMatchObject({
      remote: CONSOLE,
      environment: 'production',
      live: { version: 'v1', action: 'release' },
      canary: { version: 'v2', manifestUrl: consoleManifest('v2'), percent: 10, status: 'running', withdrawn: null },
    });
    expect(await registry()).toMatchObject({
      lines: { [CONSOLE]: consoleManifest('v1') },
      canaries: { [CONSOLE]: { manifestUrl: consoleManifest('v2'), percent: 10 } },
    });
    const stale = await registryResponse('production', etags[0]);
    expect(stale.statusCode).toBe(200); // the old tag no longer matches
    etags.push(stale.headers.etag!);
    expect((await registry('staging')).canaries).toEqual({}); // another environment is untouched

    const fifty = await setPercent(T.adminTeam, CONSOLE, 'production', 50);
    expect(fifty.statusCode).toBe(200);
    expect(canaryOf(fifty).canary).toMatchObject({ version: 'v2', percent: 50, status: 'running' });
    expect((await registry()).canaries).toEqual({ [CONSOLE]: { manifestUrl: consoleManifest('v2'), percent: 50 } });
    etags.push((await registryResponse()).headers.etag!);

    const promoted = await promoteCanary(T.adminTeam, CONSOLE, 'production');
    expect(promoted.statusCode).toBe(200);
    expect(canaryOf(promoted)).toMatchObject({ live: { version: 'v2', action: 'release' }, canary: null });
    expect(await registry()).toMatchObject({ lines: { [CONSOLE]: consoleManifest('v2') }, canaries: {} });
    etags.push((await registryResponse()).headers.etag!);
    expect(new Set(etags).size).toBe(4);

    const [promote, percent, start] = await audit();
    expect(start).toMatchObject({
      action: 'canary',
      outcome: 'done',
      version: 'v2',
      sourceCommit: 'abc1234',
      canaryPercent: 10,
      verdict: { ok: true },
      before: { version: 'v1' },
      actor: { email: 'console-team@example.com' },
      decision: null,
    });
    expect(percent).toMatchObject({ action: 'canary-percent', outcome: 'done', version: 'v2', canaryPercent: 50 });
    expect(promote).toMatchObject({ action: 'canary-promote', outcome: 'done', version: 'v2', canaryPercent: 100 });

    const production = await environmentOf(CONSOLE);
    expect(production.canary).toBeNull();
    expect(production.history.map((step) => [step.version, step.action])).toEqual([
      ['v2', 'release'],
      ['v1', 'release'],
    ]);
    // The promoted canary is a step like any release: a rollback goes back before it.
    expect((await rollback(T.admin, CONSOLE, 'production')).json<FlipResult>().live.version).toBe('v1');
  });
});

describe('a canary aborted', () => {
  it('leaves the live release as it was, clears the canary and keeps its version id taken', async () => {
    await liveAndCanary(10);
    const aborted = await api().abortCanary(T.adminTeam, CONSOLE, 'production');
    expect(aborted.statusCode).toBe(200);
    expect(canaryOf(aborted)).toMatchObject({ live: { version: 'v1' }, canary: null });
    expect(await api().registry()).toMatchObject({ lines: { [CONSOLE]: consoleManifest('v1') }, canaries: {} });
    expect((await api().audit())[0]).toMatchObject({
      action: 'canary-abort',
      outcome: 'done',
      version: 'v2',
      canaryPercent: 0,
    });
    expect((await api().environmentOf(CONSOLE)).history.map((step) => step.version)).toEqual(['v1']);
    const again = await api().release(T.admin, CONSOLE, 'production', 'v2');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toContain('既にあります');
  });

  it('of a remote served from its deployed build: the canary runs beside it, and its line goes with it', async () => {
    const started = await api().startCanary(T.publicTeam, 'public_site', 'production', 'p1', 25);
    expect(started.statusCode).toBe(201);
    expect(canaryOf(started).live).toBeNull();
    expect(await api().registry()).toMatchObject({
      lines: {},
      canaries: { public_site: { manifestUrl: manifestUrlOf('public-site', 'p1'), percent: 25 } },
    });
    const withCanary = (await api().registryResponse()).headers.etag;
    expect((await api().abortCanary(T.publicTeam, 'public_site', 'production')).statusCode).toBe(200);
    const after = await api().registryResponse();
    expect(after.json()).toMatchObject({ lines: {}, canaries: {} });
    expect(after.headers.etag).not.toBe(withCanary);
  });
});

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

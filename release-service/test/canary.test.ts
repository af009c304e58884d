/**
 * Canary releases (docs/releasing.md): a new version served to a share of the visitors beside the
 * live one, its share changed, promoted or aborted; every change moves the registry's ETag and is
 * audited. What a running canary refuses, its rights and its races: canaryRefusals.test.ts. Runs
 * on both engines.
 */
import type { FlipResult } from 'shared-releases';
import { CONSOLE, setUpCanaryReleaseApp } from './support/canaryApp';
import { canaryOf, consoleManifest } from './support/canaryRequests';
import { manifestUrlOf, RELEASE_TOKENS as T } from './support/releaseFixtures';

const { api, liveAndCanary } = setUpCanaryReleaseApp();

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

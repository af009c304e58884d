/**
 * POST /api/health: browsers' anonymous reports counted per release and minute — matched to the
 * canary, the live release or the deployed build, capped per view token (healthTokens.test.ts has
 * the forgeries), summed over the window, as JSON or as sendBeacon's text/plain. What is refused
 * (a Japanese 4xx that counts nothing), the limit per address and CORS: healthRefusals.test.ts.
 * Runs on both engines, with a clock the tests move.
 */
import { addresses, consoleManifest, entry, pageToken, report } from './support/canaryRequests';
import { CONSOLE, health, setUpHealthApp } from './support/healthApp';
import { RELEASE_TOKENS as T, remoteManifest } from './support/releaseFixtures';

const { api, clock, store } = setUpHealthApp();

describe('counting', () => {
  it('counts each entry for its release: the canary’s and the live one’s side by side', async () => {
    const canary = await api().report(
      '203.0.113.1',
      report(entry(CONSOLE, consoleManifest('v2'), 3, { loadFailures: 1 })),
    );
    const live = await api().report(
      '203.0.113.1',
      report(entry(CONSOLE, consoleManifest('v1'), 2, { hydrationErrors: 1 })),
    );
    expect([canary.statusCode, live.statusCode]).toEqual([202, 202]);
    expect([canary.json(), live.json()]).toEqual([{ accepted: 1 }, { accepted: 1 }]);
    const { health: figures } = await api().environmentOf(CONSOLE);
    expect(figures.canary).toEqual({
      version: 'v2',
      views: 3,
      loadFailures: 1,
      renderCrashes: 0,
      hydrationErrors: 0,
      failureRate: 1 / 3,
    });
    expect(figures.live).toMatchObject(health(2, { hydrationErrors: 1, failureRate: 0.5 }));
  });

  it('takes sendBeacon’s text/plain as the JSON it carries', async () => {
    const body = JSON.stringify(report(entry(CONSOLE, consoleManifest('v2'), 2, { renderCrashes: 2 })));
    const response = await api().report('203.0.113.1', body);
    expect(response.statusCode).toBe(202);
    expect((await api().environmentOf(CONSOLE)).health.canary).toMatchObject(
      health(2, { renderCrashes: 2, failureRate: 1 }),
    );
  });

  it('ignores what it cannot place: other manifests, unknown remotes; a remote without a release counts as its deployed build', async () => {
    const response = await api().report(
      '203.0.113.1',
      report(
        entry(CONSOLE, consoleManifest('v0'), 4, { loadFailures: 4 }), // an old tab, a forged URL
        entry('shell', 'http://localhost:3000/mf-manifest.json', 4),
        entry('business_portal', 'http://localhost:3003/mf-manifest.json', 3, { renderCrashes: 1 }),
      ),
    );
    expect(response.json()).toEqual({ accepted: 1 });
    const production = await api().environmentOf(CONSOLE);
    expect(production.health.live.views).toBe(0);
    expect(production.health.canary!.views).toBe(0);
    expect((await api().environmentOf('business_portal')).health.live).toEqual({
      version: null,
      views: 3,
      loadFailures: 0,
      renderCrashes: 1,
      hydrationErrors: 0,
      failureRate: 1 / 3,
    });
    // Staging knows no release of the console: the same entry counts there as the deployed build.
    const stagingEntries = [entry(CONSOLE, consoleManifest('v1'), 1)];
    const staging = await api().report('203.0.113.1', {
      environment: 'staging',
      token: pageToken(stagingEntries),
      entries: stagingEntries,
    });
    expect(staging.json()).toEqual({ accepted: 1 });
    expect((await api().environmentOf(CONSOLE, 'staging')).health.live).toMatchObject({ version: null, views: 1 });
  });

  it('sums the last HEALTH_WINDOW_MINUTES minutes only', async () => {
    const visitor = addresses(1)[0]!;
    const views = async () => (await api().environmentOf(CONSOLE)).health.live.views;
    await api().report(visitor, report(entry(CONSOLE, consoleManifest('v1'), 3))); // 09:00
    clock.now += 4 * 60_000;
    await api().report(visitor, report(entry(CONSOLE, consoleManifest('v1'), 3))); // 09:04, another page load
    clock.now += 5 * 60_000;
    await api().report(visitor, report(entry(CONSOLE, consoleManifest('v1'), 2))); // 09:09
    expect(await views()).toBe(8);

    clock.now += 60_000; // 09:10: 09:00 has left the sum
    await api().report(visitor, report(entry(CONSOLE, consoleManifest('v1'), 1)));
    expect((await api().environmentOf(CONSOLE)).health).toMatchObject({ live: health(6), windowMinutes: 10 });
    clock.now += 9 * 60_000; // 09:19: 09:04 and 09:09 have left too
    expect(await views()).toBe(1);
    clock.now += 60_000;
    expect(await views()).toBe(0);
  });

  it('counts a running canary’s live figures only since the canary started', async () => {
    await api().abortCanary(T.admin, CONSOLE, 'production');
    await api().report('203.0.113.1', report(entry(CONSOLE, consoleManifest('v1'), 3)));
    clock.now += 2 * 60_000;
    store.publish('admin-console', 'v3', remoteManifest('admin_console'));
    await api().startCanary(T.admin, CONSOLE, 'production', 'v3', 10);
    await api().report('203.0.113.2', report(entry(CONSOLE, consoleManifest('v1'), 1)));
    expect((await api().environmentOf(CONSOLE)).health.live.views).toBe(1);
    await api().abortCanary(T.admin, CONSOLE, 'production');
    expect((await api().environmentOf(CONSOLE)).health.live.views).toBe(4);
  });
});

import { registerRemotes } from '@module-federation/enhanced/runtime';
import { defaultRuntimeConfig, setRuntimeConfig } from 'shared-core';
import { fakeFetch } from 'shared-data/testing';
import { healthReportSchema } from 'shared-releases';
import { loadRegistry } from '../remotes/registry';
import { HEALTH_BATCH_MS, resetHealthReporter, sendHealth } from './healthReporter';
import { setViewToken, spyOnBeacons, TEST_VIEW_TOKEN } from './healthTesting';
import { recordHealth, recordHydrationError } from './recordHealth';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn() }));

const MANIFEST = 'http://localhost:3002/releases/2025-02-01/mf-manifest.json';
const HEALTH_URL = `${defaultRuntimeConfig('localhost').releaseServiceUrl}/health`;

/** Runs the recorder's import() and its callback under fake timers. */
const settle = () => jest.advanceTimersByTimeAsync(0);

beforeAll(async () => {
  fakeFetch(() => ({ status: 200, body: { public_site: MANIFEST } }));
  await loadRegistry();
  expect(registerRemotes).toHaveBeenCalled();
});

beforeEach(() => {
  jest.useFakeTimers();
  resetHealthReporter();
  setRuntimeConfig(defaultRuntimeConfig('localhost'));
});

afterEach(() => {
  jest.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('sending health reports', () => {
  it(`sends one batch ${HEALTH_BATCH_MS} ms after its first event, as a text/plain beacon to the API`, async () => {
    const { sendBeacon, beacons } = spyOnBeacons();
    recordHealth('public_site', 'views');
    await settle();
    await jest.advanceTimersByTimeAsync(1000);
    recordHealth('public_site', 'loadFailures');
    recordHealth('public_site', 'views');
    await jest.advanceTimersByTimeAsync(HEALTH_BATCH_MS - 1001);
    expect(sendBeacon).not.toHaveBeenCalled();

    await jest.advanceTimersByTimeAsync(1);
    const sent = await beacons();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(HEALTH_URL);
    expect(sent[0]!.type).toBe('text/plain');
    const report: unknown = JSON.parse(sent[0]!.body);
    expect(report).toEqual({
      environment: 'production',
      token: TEST_VIEW_TOKEN,
      entries: [
        { remote: 'public_site', manifest: MANIFEST, views: 2, loadFailures: 1, renderCrashes: 0, hydrationErrors: 0 },
      ],
    });
    expect(healthReportSchema.parse(report)).toEqual(report);
  });

  it('names no one: no page URL, no user, only the remote, its manifest and counts', async () => {
    const { beacons } = spyOnBeacons();
    window.history.replaceState(null, '', '/articles/secret-draft?email=someone@example.com');
    recordHealth('public_site', 'views');
    await settle();
    sendHealth();
    const [beacon] = await beacons();
    expect(beacon!.body).not.toMatch(/secret-draft|example\.com|email|uid/);
  });

  it('reports to the environment of the page’s web server', async () => {
    setRuntimeConfig({ ...defaultRuntimeConfig('localhost'), releaseEnvironment: 'staging' });
    const { beacons } = spyOnBeacons();
    recordHealth('public_site', 'views');
    await settle();
    sendHealth();
    expect(JSON.parse((await beacons())[0]!.body)).toMatchObject({ environment: 'staging' });
  });

  it('sends at once when the page is hidden or left, not again after the batch time', async () => {
    const { sendBeacon } = spyOnBeacons();
    recordHealth('public_site', 'views');
    await settle();
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(HEALTH_BATCH_MS);
    expect(sendBeacon).toHaveBeenCalledTimes(1);

    recordHealth('public_site', 'views');
    await settle();
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(sendBeacon).toHaveBeenCalledTimes(2);
  });

  it('takes events the recorder noted just before the page went away', async () => {
    const { beacons } = spyOnBeacons();
    recordHealth('public_site', 'views');
    await settle();
    recordHealth('public_site', 'views'); // its import() callback has not run yet
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse((await beacons())[0]!.body).entries[0].views).toBe(2);
  });

  it('splits a long batch into reports the service accepts', async () => {
    const { beacons } = spyOnBeacons();
    for (let i = 0; i < 45; i += 1) recordHealth('public_site', 'views');
    await settle();
    sendHealth();
    const reports = (await beacons()).map((beacon) => JSON.parse(beacon.body) as unknown);
    for (const report of reports) healthReportSchema.parse(report);
    const views = reports.flatMap((report) => healthReportSchema.parse(report).entries.map((entry) => entry.views));
    expect(views).toEqual([20, 20, 5]);
  });

  it('falls back to a keepalive fetch when sendBeacon throws or refuses, and never throws itself', async () => {
    spyOnBeacons(() => {
      throw new TypeError('sendBeacon is not allowed');
    });
    const server = fakeFetch(() => ({ status: 202 }));
    recordHealth('public_site', 'views');
    await settle();
    expect(() => sendHealth()).not.toThrow();
    expect(server).toHaveBeenCalledWith(
      HEALTH_URL,
      expect.objectContaining({ method: 'POST', keepalive: true, mode: 'no-cors', credentials: 'omit' }),
    );
    expect(server.requests[0]!.body).toMatchObject({ environment: 'production' });

    spyOnBeacons(() => false);
    const offline = fakeFetch(() => 'network-error');
    recordHealth('public_site', 'views');
    await settle();
    expect(() => sendHealth()).not.toThrow();
    expect(offline).toHaveBeenCalledTimes(1);
    await settle(); // the rejected fetch is swallowed, not an unhandled rejection
  });

  it('counts a hydration error for the remote of the page’s area, and none on a shell page', async () => {
    const { beacons } = spyOnBeacons();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/articles/1');
    recordHealth('public_site', 'views');
    recordHydrationError(new Error('Hydration failed'));
    window.history.replaceState(null, '', '/business/login');
    recordHydrationError(new Error('Hydration failed'));
    await settle();
    sendHealth();
    expect(JSON.parse((await beacons())[0]!.body).entries).toEqual([
      expect.objectContaining({ views: 1, hydrationErrors: 1 }),
    ]);
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });

  it('sends nothing for a remote the registry does not name', async () => {
    const { sendBeacon } = spyOnBeacons();
    recordHealth('business_portal', 'views');
    await settle();
    sendHealth();
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});

describe('the view token', () => {
  it('carries the token the web server served the page with, in every report of a long batch', async () => {
    const { beacons } = spyOnBeacons();
    setViewToken('tok.1.2.public_site:abcdefgh.sig');
    // 130 views: 7 entries of at most 20, two reports of at most 6 entries.
    for (let i = 0; i < 130; i += 1) recordHealth('public_site', 'views');
    await settle();
    sendHealth();
    const tokens = (await beacons()).map((beacon) => (JSON.parse(beacon.body) as { token: unknown }).token);
    expect(tokens).toEqual(['tok.1.2.public_site:abcdefgh.sig', 'tok.1.2.public_site:abcdefgh.sig']);
  });

  it('sends nothing from a page served without one (it could count for nothing), and does not throw', async () => {
    const { sendBeacon } = spyOnBeacons();
    setViewToken(null);
    recordHealth('public_site', 'views');
    await settle();
    expect(() => sendHealth()).not.toThrow();
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});

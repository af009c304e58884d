/** The release service's test app hooks (service-kit/testing), bound to its builder. */
import { testAppHooks } from 'service-kit/testing';
import { CANARY_ENV, canaryRequests, setTokenClock } from './canaryRequests';
import { fakeManifests, RELEASE_ENV, releaseVerifyToken } from './releaseFixtures';
import { buildTestApp, type TestAppOptions } from './testApp';

export type { TestAppHandle } from 'service-kit/testing';
export const { useTestApp, useAppsPerTest } = testAppHooks<TestAppOptions>(buildTestApp);

/**
 * The registry's tests' app, fresh for each test: the fake manifest store it fetches from, the test
 * accounts' tokens, `env` (the release environment's settings by default) and the clock. The
 * options are returned too, for a test that starts more apps like it (useAppsPerTest).
 */
export function useReleaseApp({
  env = RELEASE_ENV,
  clock,
}: Pick<TestAppOptions, 'clock'> & { env?: Record<string, string> } = {}) {
  const store = fakeManifests();
  const appOptions = { verifyToken: releaseVerifyToken, fetchManifest: store.fetchManifest, env, clock };
  const server = useTestApp(Object.assign({ per: 'test' as const }, appOptions));
  return { store, server, appOptions };
}

/** When the canary tests' clock starts (again before each test). */
export const CANARY_START = Date.parse('2026-03-02T09:00:00.000Z');

/**
 * useReleaseApp for the tests that move time (canaries, health reports): `clock.now` is the
 * service's clock and the one view tokens are signed by, back at `start` before each test; `api()`
 * the canary requests to the app.
 */
export function setUpCanaryApp({
  env = CANARY_ENV,
  start = CANARY_START,
}: { env?: Record<string, string>; start?: number } = {}) {
  const clock = { now: start };
  const app = useReleaseApp({ env, clock: () => clock.now });
  beforeAll(() => setTokenClock(() => clock.now));
  beforeEach(() => {
    clock.now = start;
  });
  return Object.assign({ clock, api: () => canaryRequests(app.server.send) }, app);
}

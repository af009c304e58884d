/** The release service's test app hooks (service-kit/testing), bound to its builder. */
import { testAppHooks } from 'service-kit/testing';
import { fakeManifests, RELEASE_ENV, releaseVerifyToken } from './releaseFixtures';
import { buildTestApp, type TestAppOptions } from './testApp';

export type { TestAppHandle } from 'service-kit/testing';
export const { useTestApp, useAppsPerTest } = testAppHooks<TestAppOptions>(buildTestApp);

/**
 * The registry's tests' app, fresh for each test: the fake manifest store it fetches from, the test
 * accounts' tokens, `env` (the release environment's settings by default) and the clock.
 */
export function useReleaseApp({
  env = RELEASE_ENV,
  clock,
}: Pick<TestAppOptions, 'clock'> & { env?: Record<string, string> } = {}) {
  const store = fakeManifests();
  const server = useTestApp({
    per: 'test',
    verifyToken: releaseVerifyToken,
    fetchManifest: store.fetchManifest,
    env,
    clock,
  });
  return { store, server };
}

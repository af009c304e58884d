/**
 * The health reports' tests (health*.test.ts): v1 of the admin console live in production and v2
 * its canary at 10 % before each test, on a clock they move (half a minute into 09:00) and with a
 * limit per address high enough not to be met but where a test asks for it.
 */
import type { ReleaseHealth } from 'shared-releases';
import { CANARY_ENV } from './canaryRequests';
import { RELEASE_TOKENS as T, remoteManifest } from './releaseFixtures';
import { setUpCanaryApp } from './useTestApp';

export const CONSOLE = 'admin_console';

/** Figures of one release as the overview shows them: `views`, failures 0 unless given. */
export const health = (views: number, failures: Partial<ReleaseHealth> = {}): Partial<ReleaseHealth> =>
  Object.assign({ views, loadFailures: 0, renderCrashes: 0, hydrationErrors: 0 }, failures);

export function setUpHealthApp() {
  const app = setUpCanaryApp({
    env: Object.assign({ HEALTH_REPORTS_PER_MINUTE: '1000' }, CANARY_ENV),
    start: Date.parse('2026-03-02T09:00:30.000Z'),
  });
  beforeAll(() => {
    for (const version of ['v1', 'v2']) app.store.publish('admin-console', version, remoteManifest('admin_console'));
  });
  beforeEach(async () => {
    await app.api().release(T.admin, CONSOLE, 'production', 'v1');
    await app.api().startCanary(T.admin, CONSOLE, 'production', 'v2', 10);
  });
  return app;
}

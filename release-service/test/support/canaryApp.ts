/**
 * The canary tests' app (canary*.test.ts): one per test on the canary settings, the admin console's
 * v1–v3 and a build that needs React 20 published, the public site's p1; and v1 live with v2 its
 * canary, for the tests that start there.
 */
import { canaryOf, canaryRequests, CANARY_ENV } from './canaryRequests';
import { RELEASE_TOKENS as T, remoteManifest } from './releaseFixtures';
import { useReleaseApp } from './useTestApp';

export const CONSOLE = 'admin_console';

export function setUpCanaryReleaseApp() {
  const { store, server } = useReleaseApp({ env: CANARY_ENV });
  const api = () => canaryRequests(server.send);

  beforeAll(() => {
    for (const version of ['v1', 'v2', 'v3']) store.publish('admin-console', version, remoteManifest('admin_console'));
    store.publish('admin-console', 'needs-react-20', remoteManifest('admin_console', '^20.0.0'));
    store.publish('public-site', 'p1', remoteManifest('public_site'));
  });

  /** v1 live in production, then v2 as a canary at `percent` (by the remote's team). */
  async function liveAndCanary(percent = 10) {
    expect((await api().release(T.admin, CONSOLE, 'production', 'v1')).statusCode).toBe(201);
    const started = await api().startCanary(T.adminTeam, CONSOLE, 'production', 'v2', percent);
    expect(started.statusCode).toBe(201);
    return canaryOf(started);
  }

  return { store, server, api, liveAndCanary };
}

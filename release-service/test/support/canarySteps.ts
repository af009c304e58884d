/**
 * The canary steps' tests (canarySteps*.test.ts): an app per test whose least soak is 10 seconds
 * (so that they run in seconds) and whose round runs every second, v1 live in production before
 * each test, a planned canary of v2, simulated page loads and the automatic audit lines.
 */
import type { Send } from 'service-kit/testing';
import { addresses, CANARY_ENV, canaryRequests, consoleManifest, entry, report } from './canaryRequests';
import { RELEASE_TOKENS as T, remoteManifest, shellManifest } from './releaseFixtures';
import { setUpCanaryApp } from './useTestApp';

export const CONSOLE = 'admin_console';
export const PLAN = { steps: [1, 10, 50], soakSeconds: 30 };

export function setUpCanaryStepsApp() {
  const bench = setUpCanaryApp({
    env: Object.assign({}, CANARY_ENV, { CANARY_MIN_SOAK_SECONDS: '10', CANARY_STEP_TICK_SECONDS: '1' }),
  });
  const { api, clock, server, store } = bench;

  beforeAll(() => {
    for (const version of ['v1', 'v2']) store.publish('admin-console', version, remoteManifest('admin_console'));
  });
  beforeEach(async () => {
    store.setShell('production', shellManifest());
    expect((await api().release(T.admin, CONSOLE, 'production', 'v1')).statusCode).toBe(201);
  });

  /** v2 as a canary on `plan`. */
  const start = async (plan: object = PLAN) => {
    const started = await api().startPlanned(T.admin, CONSOLE, 'production', 'v2', plan);
    expect(started.statusCode).toBe(201);
  };

  /**
   * `loads` pairs of page loads (live, canary; each its own view token), a second apart; the
   * canary's fail when `canaryFails(i)`, the live release's when `liveFails(i)`. Stops when the
   * canary is gone (returns how many pairs it took; null when it never went).
   */
  async function pageLoads(
    loads: number,
    canaryFails = (_i: number) => false,
    liveFails = (_i: number) => false,
    send: Send = server.send,
  ) {
    const visitors = addresses(30);
    for (let i = 0; i < loads; i += 1) {
      clock.now += 1_000;
      for (const [version, fails] of [
        ['v1', liveFails(i)],
        ['v2', canaryFails(i)],
      ] as const) {
        const sent = await canaryRequests(send).report(
          visitors[i % visitors.length]!,
          report(entry(CONSOLE, consoleManifest(version), 1, fails ? { loadFailures: 1 } : {})),
        );
        expect(sent.statusCode).toBe(202);
      }
      if (!(await canaryRequests(send).registry()).canaries[CONSOLE]) return i + 1;
    }
    return null;
  }

  /** The audit lines the service wrote by itself (no actor), oldest first, withdrawals aside. */
  const automatic = async () =>
    (await api().audit()).filter((line) => line.actor.uid === null && line.action !== 'canary-withdraw').reverse();

  return Object.assign({ start, pageLoads, automatic }, bench);
}

/**
 * 1,000 generated forged or malformed health reports from ONE address against a healthy running
 * canary (support/hostileHealthReports.ts): within the rate limit's allowance every answer is a 202
 * or the expected 4xx with a Japanese message, beyond it a 429; the canary is not withdrawn, and
 * nothing malformed is counted. Then again with the limit lifted, so that the per-address cap alone
 * must hold. Replay a failure with RELIABILITY_SEED=<seed>. Both engines.
 */
import { HEALTH_DEFAULTS } from 'shared-releases';
import {
  addresses,
  CANARY_ENV,
  canaryRequests,
  consoleManifest,
  entry,
  JAPANESE,
  report,
} from './support/canaryRequests';
import { generateHostileHealthReports } from './support/hostileHealthReports';
import type { TestAppHandle } from './support/useTestApp';
import { createPrng, seedFromEnv } from 'service-kit/testing';
import { fakeManifests, RELEASE_TOKENS as T, releaseVerifyToken, remoteManifest } from './support/releaseFixtures';
import { useTestApp } from './support/useTestApp';

jest.setTimeout(120_000);

const COUNT = 1_000;
const FORGER = '192.0.2.66';
const seed = seedFromEnv();
const store = fakeManifests();
for (const version of ['v1', 'v2']) store.publish('admin-console', version, remoteManifest('admin_console'));
const CONSOLE = 'admin_console';
const options = { verifyToken: releaseVerifyToken, fetchManifest: store.fetchManifest };

/** v1 live, v2 at 10 %, and 12 visitors' healthy traffic: 60 views of each, none failed. */
async function healthyCanary(server: TestAppHandle) {
  const api = canaryRequests(server.send);
  await api.release(T.admin, CONSOLE, 'production', 'v1');
  await api.startCanary(T.admin, CONSOLE, 'production', 'v2', 10);
  for (const visitor of addresses(12)) {
    const healthy = report(entry(CONSOLE, consoleManifest('v2'), 5), entry(CONSOLE, consoleManifest('v1'), 5));
    expect((await api.report(visitor, healthy)).statusCode).toBe(202);
  }
}

/** Sends the flood from FORGER; returns the answers that break the rules (none expected). */
async function flood(server: TestAppHandle, allowance: number): Promise<string[]> {
  const problems: string[] = [];
  const reports = generateHostileHealthReports(createPrng(seed), COUNT);
  for (const [index, { label, request, expected }] of reports.entries()) {
    const response = await server.send(
      Object.assign({}, request, { headers: Object.assign({ 'x-forwarded-for': FORGER }, request.headers) }),
    );
    let error: unknown;
    try {
      error = response.json<{ error?: unknown }>().error;
    } catch {
      error = undefined;
    }
    const allowed = index < allowance ? expected : [429];
    const answered = response.statusCode === 202 || (typeof error === 'string' && JAPANESE.test(error));
    if (!allowed.includes(response.statusCode) || !answered) {
      problems.push(`#${index} ${label}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
  }
  return problems;
}

/** The healthy canary still runs, decided on nothing the forger sent, and nothing malformed counted. */
async function expectCanaryUnharmed(server: TestAppHandle) {
  const api = canaryRequests(server.send);
  expect((await api.registry()).canaries).toEqual({ [CONSOLE]: { manifestUrl: consoleManifest('v2'), percent: 10 } });
  expect((await api.audit()).filter((line) => line.action !== 'canary' && line.action !== 'release')).toEqual([]);
  const { health } = await api.environmentOf(CONSOLE);
  const cap = HEALTH_DEFAULTS.addressCap;
  // At most one address's allowance of the forger's views and failures on each release.
  expect(health.canary!.views).toBeLessThanOrEqual(60 + cap);
  const failures = health.canary!.loadFailures + health.canary!.renderCrashes + health.canary!.hydrationErrors;
  expect(failures).toBeLessThanOrEqual(cap);
  expect(health.live.views).toBeLessThanOrEqual(60 + cap);
  expect((await api.environmentOf('public_site')).health.live.views).toBe(0);
  // The service goes on counting other visitors.
  const next = await api.report('198.51.100.9', report(entry(CONSOLE, consoleManifest('v2'), 1)));
  expect(next.json()).toEqual({ accepted: 1 });
}

describe(`the rate limit (HEALTH_REPORTS_PER_MINUTE ${HEALTH_DEFAULTS.reportsPerMinute})`, () => {
  const server = useTestApp(Object.assign({ env: CANARY_ENV }, options));

  it(`answers ${COUNT} hostile reports from one address: the allowance as expected, the rest 429 (seed ${seed})`, async () => {
    await healthyCanary(server);
    const problems = await flood(server, HEALTH_DEFAULTS.reportsPerMinute);
    expect({ seed, problems: problems.slice(0, 10), count: problems.length }).toEqual({ seed, problems: [], count: 0 });
    await expectCanaryUnharmed(server);
  });
});

describe('the per-address cap alone (the rate limit lifted)', () => {
  const server = useTestApp(
    Object.assign({ env: Object.assign({ HEALTH_REPORTS_PER_MINUTE: '100000' }, CANARY_ENV) }, options),
  );

  it(`counts one address's allowance of ${COUNT} hostile reports, and the canary stays (seed ${seed})`, async () => {
    await healthyCanary(server);
    const problems = await flood(server, COUNT);
    expect({ seed, problems: problems.slice(0, 10), count: problems.length }).toEqual({ seed, problems: [], count: 0 });
    await expectCanaryUnharmed(server);
  });
});

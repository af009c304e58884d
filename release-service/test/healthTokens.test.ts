/**
 * What a health report's view token lets count (docs/canary-releases.md, "Who can report"): a
 * page load's worth per token and remote however many batches carry it, every page load from one
 * address, nothing from another site's pages or with a token that is forged, altered, expired or
 * signed with a retired key; keys rotated without a page's token going bad. Both engines
 * (reliability.healthHostile.test.ts floods it; two instances there too).
 */
import { viewTokenFor } from 'shared-releases/view-token';
import { CANARY_ENV, canaryRequests, consoleManifest, entry, report, setTokenClock } from './support/canaryRequests';
import { fakeManifests, RELEASE_TOKENS as T, releaseVerifyToken, remoteManifest } from './support/releaseFixtures';
import { useAppsPerTest, useTestApp } from './support/useTestApp';

const OLD = 'old-key-0123456789-0123456789-0123456789';
const NEW = 'new-key-0123456789-0123456789-0123456789';
let now = Date.now();
const store = fakeManifests();
const options = { verifyToken: releaseVerifyToken, fetchManifest: store.fetchManifest, clock: () => now };
const server = useTestApp(Object.assign({ per: 'test' as const, env: CANARY_ENV }, options));
const CONSOLE = 'admin_console';
const canaryEntry = (views: number, failures = {}) => entry(CONSOLE, consoleManifest('v2'), views, failures);
const canaryFigures = async (send = server.send) => (await canaryRequests(send).environmentOf(CONSOLE)).health.canary!;

beforeAll(() => {
  setTokenClock(() => now);
  for (const version of ['v1', 'v2']) store.publish('admin-console', version, remoteManifest('admin_console'));
});
afterAll(() => setTokenClock(() => Date.now()));
beforeEach(async () => {
  now = Date.now();
  await canaryRequests(server.send).release(T.admin, CONSOLE, 'production', 'v1');
  await canaryRequests(server.send).startCanary(T.admin, CONSOLE, 'production', 'v2', 10);
});

it('counts at most HEALTH_TOKEN_VIEWS views per token and remote, whatever the batches, failures never above them', async () => {
  const page = report(canaryEntry(2, { renderCrashes: 2 }));
  // The same page's batches: its token counts 5 views and 5 failures in all.
  const answers = [];
  for (let i = 0; i < 4; i += 1) answers.push((await canaryRequests(server.send).report('203.0.113.1', page)).json());
  expect(answers).toEqual([{ accepted: 1 }, { accepted: 1 }, { accepted: 1 }, { accepted: 0 }]);
  // A failure with no view left to count against counts for nothing (a replay of a used token).
  const later = { ...page, entries: [canaryEntry(1, { loadFailures: 1 })] };
  expect((await canaryRequests(server.send).report('203.0.113.1', later)).json()).toEqual({ accepted: 0 });
  expect(await canaryFigures()).toMatchObject({ views: 5, renderCrashes: 5, loadFailures: 0, failureRate: 1 });
});

it('counts every page load from one address: visitors behind one NAT each count', async () => {
  for (let i = 0; i < 40; i += 1) {
    const answer = await canaryRequests(server.send).report('203.0.113.1', report(canaryEntry(1)));
    expect(answer.json()).toEqual({ accepted: 1 });
  }
  expect((await canaryFigures()).views).toBe(40);
});

it('refuses another site’s page with 403 in Japanese, readable by it; the site’s own pages and no Origin go on', async () => {
  const send = (origin?: string) =>
    canaryRequests(server.send).report(
      '203.0.113.1',
      JSON.stringify(report(canaryEntry(3, { loadFailures: 3 }))),
      undefined,
      origin ? { origin } : {},
    );
  for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example']) {
    const forged = await send(origin);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({
      error: `${origin} からの稼働状況の報告は受け付けません。このサイトのページだけが報告できます。`,
    });
    // Every answer: a page on any origin reads it without a blocked-response console error.
    expect(forged.headers['cross-origin-resource-policy']).toBe('cross-origin');
  }
  expect((await canaryFigures()).views).toBe(0);
  expect((await send('http://localhost:3000')).json()).toEqual({ accepted: 1 });
  expect((await send()).json()).toEqual({ accepted: 1 });
  expect((await canaryFigures()).views).toBe(6);
});

it('counts nothing with a token forged, altered, expired, from the future, or of another release', async () => {
  const entries = [canaryEntry(3, { renderCrashes: 3 })];
  const live = viewTokenFor([entry(CONSOLE, consoleManifest('v1'), 1)], { nowMs: now });
  const tokens = [
    viewTokenFor(entries, { nowMs: now, key: 'a-key-the-service-does-not-hold-0123456789' }),
    viewTokenFor(entries, { nowMs: now }).replace(/\.\d+\./, (issued) => `.${Number(issued.slice(1, -1)) + 1}.`),
    viewTokenFor(entries, { nowMs: now - 601_000 }),
    viewTokenFor(entries, { nowMs: now + 120_000 }),
    live,
    'not a token',
  ];
  for (const token of tokens) {
    const answer = await canaryRequests(server.send).report('203.0.113.1', {
      environment: 'production',
      token,
      entries,
    });
    expect([answer.statusCode, answer.json()]).toEqual([202, { accepted: 0 }]);
  }
  expect((await canaryFigures()).views).toBe(0);
});

describe('rotating HEALTH_TOKEN_KEYS', () => {
  const startApp = useAppsPerTest();

  it('counts tokens of every listed key (the first signs), none of a key taken off the list', async () => {
    const app = await startApp(
      Object.assign({}, options, { env: Object.assign({ HEALTH_TOKEN_KEYS: `${NEW},${OLD}` }, CANARY_ENV) }),
    );
    await canaryRequests(app.send).release(T.admin, CONSOLE, 'production', 'v1');
    await canaryRequests(app.send).startCanary(T.admin, CONSOLE, 'production', 'v2', 10);
    const entries = [canaryEntry(1)];
    const send = (key: string) =>
      canaryRequests(app.send).report('203.0.113.1', {
        environment: 'production',
        token: viewTokenFor(entries, { key, nowMs: now }),
        entries,
      });
    expect([(await send(NEW)).json(), (await send(OLD)).json()]).toEqual([{ accepted: 1 }, { accepted: 1 }]);
    expect((await send('development-only-view-token-key-not-secret')).json()).toEqual({ accepted: 0 });
    expect((await canaryFigures(app.send)).views).toBe(2);
  });
});

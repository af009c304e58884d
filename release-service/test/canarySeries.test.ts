/**
 * The canary chart's series (GET /api/releases/:remote/:environment/canary/series;
 * src/releases/canarySeries.ts): the counts of canary and live per bucket over the canary's span,
 * its steps and end from the audit log, coarser buckets for a long span, the rights of the audit
 * log, and counts kept past the health window for a canary that has ended. Both engines.
 */
import type { CanarySeries } from 'shared-releases';
import { bucketMinutesFor, SERIES_MAX_POINTS } from '../src/releases/canarySeries';
import {
  addresses,
  CANARY_ENV,
  canaryRequests,
  consoleManifest,
  entry,
  report,
  setTokenClock,
} from './support/canaryRequests';
import { fakeManifests, RELEASE_TOKENS as T, releaseVerifyToken, remoteManifest } from './support/releaseFixtures';
import { bearer } from './support/testApp';
import { useTestApp } from './support/useTestApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

// The audit log's times are the database's, so the service's clock starts at the real minute.
const START = Math.floor(Date.now() / 60_000) * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
let now = START;
const store = fakeManifests();
const server = useTestApp({
  per: 'test',
  verifyToken: releaseVerifyToken,
  fetchManifest: store.fetchManifest,
  clock: () => now,
  env: CANARY_ENV,
});
const api = () => canaryRequests(server.send);
const CONSOLE = 'admin_console';
const [VISITOR] = addresses(1);
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

const seriesOf = (query = '', token: string = T.admin, path = `${CONSOLE}/production`) =>
  server.send({ url: `/api/releases/${path}/canary/series${query}`, headers: token ? bearer(token) : {} });

/** One page load of `version` with `views` views, `failures` of them crashed. */
const pageLoad = async (version: string, views: number, failures = 0) => {
  const response = await api().report(
    VISITOR!,
    report(entry(CONSOLE, consoleManifest(version), views, { renderCrashes: failures })),
  );
  expect(response.statusCode).toBe(202);
};

beforeAll(() => {
  setTokenClock(() => now);
  for (const version of ['v1', 'v2', 'v3']) store.publish('admin-console', version, remoteManifest('admin_console'));
});
beforeEach(async () => {
  now = START;
  expect((await api().release(T.admin, CONSOLE, 'production', 'v1')).statusCode).toBe(201);
  expect((await api().startCanary(T.admin, CONSOLE, 'production', 'v2', 10)).statusCode).toBe(201);
});

/** One page load of `version` that reported its LCP (and no other vital). */
const pageLoadWithLcp = async (version: string, lcp: number) => {
  const manifest = consoleManifest(version);
  const withVitals = Object.assign(report(entry(CONSOLE, manifest, 1)), {
    vitals: [{ metric: 'lcp', remote: CONSOLE, manifest, value: lcp }],
  });
  expect((await api().report(VISITOR!, withVitals)).statusCode).toBe(202);
};

describe('Core Web Vitals in the series', () => {
  it('has each release’s LCP p75 per bucket and over the run; a vital nobody reported is null', async () => {
    now = Date.now();
    for (const lcp of [1000, 1000, 1000, 1000]) await pageLoadWithLcp('v1', lcp);
    for (const lcp of [2500, 2500, 2500, 2500]) await pageLoadWithLcp('v2', lcp);
    const series = (await seriesOf()).json<CanarySeries>();
    const point = series.points.find((each) => each.canary.views > 0)!;
    // Log-spaced buckets: a p75 is known to within 2.5 %.
    expect(point.canary.p75!.lcp).toBeGreaterThan(2500 * 0.97);
    expect(point.canary.p75!.lcp).toBeLessThan(2500 * 1.03);
    expect(point.live.p75!.lcp).toBeGreaterThan(1000 * 0.97);
    expect(point.live.p75!.lcp).toBeLessThan(1000 * 1.03);
    expect(point.canary.p75).toMatchObject({ inp: null, cls: null });
    expect(series.p75!.canary.lcp).toBe(point.canary.p75!.lcp);
    expect(series.p75!.live.lcp).toBe(point.live.p75!.lcp);
  });
});

describe('a canary that ran and was promoted', () => {
  it('has its counts beside live, its share change and its promotion, from the audit log', async () => {
    now = Date.now(); // after the start's audit line (the database's time)
    await pageLoad('v1', 4);
    await pageLoad('v2', 2, 1);
    await pageLoad('v1', 5, 1);
    expect((await api().setPercent(T.admin, CONSOLE, 'production', 50)).statusCode).toBe(200);
    await pageLoad('v2', 3);
    expect((await api().promoteCanary(T.admin, CONSOLE, 'production')).statusCode).toBe(200);
    const promoted = (await api().audit()).find((line) => line.action === 'canary-promote')!;
    now += 3_600_000; // an hour later

    const response = await seriesOf('?version=v2');
    expect(response.statusCode).toBe(200);
    const series = response.json<CanarySeries>();
    expect(series).toMatchObject({ version: 'v2', live: 'v1', state: 'promoted', bucketMinutes: 1 });
    expect(series.endedAt).toBe(promoted.at);
    const totals = (side: 'canary' | 'live') =>
      ['views', 'failures'].map((key) =>
        series.points.reduce((sum, point) => sum + point[side][key as 'views' | 'failures'], 0),
      );
    expect([totals('canary'), totals('live')]).toEqual([
      [5, 1],
      [9, 1],
    ]);
    // From the start's minute to the promotion's: an hour of nothing after it is not drawn.
    expect(series.points.length).toBeLessThanOrEqual(2);
    expect(Date.parse(series.points[0]!.at)).toBeLessThanOrEqual(Date.parse(series.startedAt));
    expect(series.events.map(({ kind, percent, automatic }) => [kind, percent, automatic])).toEqual([
      ['start', 10, false],
      ['percent', 50, false],
      ['promote', 100, false],
    ]);
  });
});

describe('a running canary', () => {
  it('is the default, from its start to now, per minute: views, failures, failure rate (null without views)', async () => {
    now = START + 30_000;
    await pageLoad('v1', 4);
    await pageLoad('v2', 2, 1);
    now = START + 90_000;
    await pageLoad('v1', 5, 1);
    const series = (await seriesOf()).json<CanarySeries>();
    expect(series).toMatchObject({ version: 'v2', state: 'running', endedAt: null, startedAt: iso(START) });
    // No page load reported a vital: each bucket's p75s are null.
    const p75 = { lcp: null, inp: null, cls: null };
    expect(series.points).toEqual([
      {
        at: iso(START),
        canary: { views: 2, failures: 1, failureRate: 0.5, p75 },
        live: { views: 4, failures: 0, failureRate: 0, p75 },
      },
      {
        at: iso(START + 60_000),
        canary: { views: 0, failures: 0, failureRate: null, p75 },
        live: { views: 5, failures: 1, failureRate: 0.2, p75 },
      },
    ]);
  });

  it('over a long span is summed into coarser buckets, at most SERIES_MAX_POINTS, nothing lost', async () => {
    // Ten hours of one page load of each every 20 minutes.
    for (let step = 0; step < 30; step += 1) {
      now = START + step * 20 * 60_000 + 5_000;
      await pageLoad('v1', 2);
      await pageLoad('v2', 1, step % 3 === 0 ? 1 : 0);
    }
    now = START + 10 * 3_600_000;
    const series = (await seriesOf()).json<CanarySeries>();
    expect(series.bucketMinutes).toBe(5);
    expect(series.points.length).toBeLessThanOrEqual(SERIES_MAX_POINTS);
    const sum = (pick: (point: CanarySeries['points'][number]) => number) =>
      series.points.reduce((total, point) => total + pick(point), 0);
    expect([sum((p) => p.canary.views), sum((p) => p.canary.failures), sum((p) => p.live.views)]).toEqual([30, 10, 60]);
    // Counts older than the health window (10 minutes) are kept for the chart.
    expect(series.points[0]!.canary.views).toBe(1);
  });
});

describe('refusals, each a Japanese sentence', () => {
  it.each([
    ['without a token', '', '', 401, undefined],
    ['a user of no team', '', T.noTeam, 403, undefined],
    ['another team', '', T.publicTeam, 403, undefined],
    ['a version id out of the rule', '?version=../x', T.admin, 400, undefined],
    ['an unknown query field', '?limit=3', T.admin, 400, undefined],
    ['a version never started as a canary', '?version=v3', T.admin, 404, undefined],
    ['an unknown remote', '', T.admin, 404, 'nope/production'],
    ['an unknown environment', '', T.admin, 404, `${CONSOLE}/qa`],
  ])('%s', async (_what, query, token, status, path) => {
    const response = await seriesOf(query, token, path);
    expect(response.statusCode).toBe(status);
    expect(response.json<{ error: string }>().error).toMatch(JAPANESE);
  });

  it('no canary on the line and no version named: the latest one, 404 before any', async () => {
    expect((await api().abortCanary(T.admin, CONSOLE, 'production')).statusCode).toBe(200);
    expect((await seriesOf()).json<CanarySeries>()).toMatchObject({ version: 'v2', state: 'aborted' });
    const staging = await seriesOf('', T.admin, `${CONSOLE}/staging`);
    expect(staging.statusCode).toBe(404);
    expect(staging.json<{ error: string }>().error).toMatch(JAPANESE);
  });

  it('the team of the remote may read it', async () => {
    expect((await seriesOf('', T.adminTeam)).statusCode).toBe(200);
  });
});

describe('bucketMinutesFor', () => {
  it.each([
    [1, 1],
    [180, 1],
    [181, 2],
    [600, 5],
    [24 * 60, 10],
    [30 * 24 * 60, 240],
    [400 * 24 * 60, 3200],
  ])('%i minutes → %i-minute buckets', (span, bucket) => {
    expect(bucketMinutesFor(span)).toBe(bucket);
    expect(Math.ceil(span / bucket)).toBeLessThanOrEqual(SERIES_MAX_POINTS);
  });
});

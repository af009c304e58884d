import { HEALTH_REPORT_LIMITS, healthReportSchema } from 'shared-releases';
import { countsOnce, healthReports, type PageStates } from './healthReports';
import type { HealthEvent, HealthKind } from './recordHealth';

const LIVE = 'https://cdn.example.com/public-site/releases/2025-01-01/mf-manifest.json';
const CANARY = 'https://cdn.example.com/public-site/releases/2025-02-01/mf-manifest.json';

/** A view token as long as a page with three remotes gets (the web server's viewTokens.ts). */
const TOKEN =
  'b3JhbmRvbWlk.1764300000.4211.admin_console:Ab3-_xYz,business_portal:Qw9sT1uV,public_site:Zz00aa11.kQ2cY0s1Xh8dUe5rVw3pLa';

const times = (count: number, kind: HealthKind, manifest = LIVE): HealthEvent[] =>
  Array.from({ length: count }, () => ['public_site', manifest, kind]);

/** What the service would say of each report: every one must pass its schema. */
const expectAccepted = (reports: unknown[]) => {
  for (const report of reports) expect(healthReportSchema.safeParse(report).error).toBeUndefined();
};

describe('healthReports', () => {
  it('counts per remote and manifest, in the schema’s shape and nothing else', () => {
    const reports = healthReports('staging', TOKEN, [
      ...times(3, 'views'),
      ...times(1, 'loadFailures'),
      ...times(2, 'views', CANARY),
      ...times(1, 'renderCrashes', CANARY),
      ...times(1, 'hydrationErrors', CANARY),
      ['admin_console', 'https://cdn.example.com/admin/mf-manifest.json', 'views'],
    ]);
    expect(reports).toEqual([
      {
        environment: 'staging',
        token: TOKEN,
        entries: [
          { remote: 'public_site', manifest: LIVE, views: 3, loadFailures: 1, renderCrashes: 0, hydrationErrors: 0 },
          { remote: 'public_site', manifest: CANARY, views: 2, loadFailures: 0, renderCrashes: 1, hydrationErrors: 1 },
          {
            remote: 'admin_console',
            manifest: 'https://cdn.example.com/admin/mf-manifest.json',
            views: 1,
            loadFailures: 0,
            renderCrashes: 0,
            hydrationErrors: 0,
          },
        ],
      },
    ]);
    expect(Object.keys(reports[0]!)).toEqual(['environment', 'token', 'entries']);
    expect(Object.keys(reports[0]!.entries[0]!)).toEqual([
      'remote',
      'manifest',
      'views',
      'loadFailures',
      'renderCrashes',
      'hydrationErrors',
    ]);
    expectAccepted(reports);
  });

  it('splits a remote’s counts so that no entry exceeds maxCount, failures never above views', () => {
    const reports = healthReports('production', TOKEN, [
      ...times(45, 'views'),
      ...times(30, 'loadFailures'),
      ...times(10, 'renderCrashes'),
    ]);
    const entries = reports.flatMap((report) => report.entries);
    expect(entries.map(({ views, loadFailures, renderCrashes }) => [views, loadFailures, renderCrashes])).toEqual([
      [20, 20, 0],
      [20, 10, 10],
      [5, 0, 0],
    ]);
    expect(HEALTH_REPORT_LIMITS.maxCount).toBe(20);
    expectAccepted(reports);
  });

  it('clamps failures to the views they belong to and drops failures without any view', () => {
    const entries = healthReports('production', TOKEN, [
      ...times(2, 'views'),
      ...times(3, 'hydrationErrors'),
      ...times(4, 'loadFailures', CANARY),
    ]).flatMap((report) => report.entries);
    expect(entries).toEqual([expect.objectContaining({ manifest: LIVE, views: 2, hydrationErrors: 2 })]);
  });

  it('puts at most maxEntries entries in a report, and keeps each under maxBytes', () => {
    const manifests = Array.from({ length: 8 }, (_, i) => `https://cdn.example.com/${i}/mf-manifest.json`);
    const reports = healthReports(
      'production',
      TOKEN,
      manifests.flatMap((manifest) => times(1, 'views', manifest)),
    );
    expect(reports.map((report) => report.entries.length)).toEqual([HEALTH_REPORT_LIMITS.maxEntries, 2]);
    expectAccepted(reports);

    // The longest manifest URLs the service takes: six entries still fit in maxBytes.
    const long = (i: number) => {
      const url = `https://cdn.example.com/${i}/mf-manifest.json`;
      return url.replace('/mf', `/${'x'.repeat(HEALTH_REPORT_LIMITS.maxManifestLength - url.length - 1)}/mf`);
    };
    expect(long(1)).toHaveLength(HEALTH_REPORT_LIMITS.maxManifestLength);
    const big = healthReports(
      'production',
      TOKEN,
      [1, 2, 3, 4, 5, 6, 7].flatMap((i) => times(1, 'views', long(i))),
    );
    expect(big.map((report) => report.entries.length)).toEqual([6, 1]);
    for (const report of big) expect(JSON.stringify(report).length).toBeLessThanOrEqual(HEALTH_REPORT_LIMITS.maxBytes);
    expect(big.flatMap((report) => report.entries)).toHaveLength(7);
    expectAccepted(big);
  });

  it('leaves out a manifest URL longer than the service takes', () => {
    const tooLong = `https://cdn.example.com/${'x'.repeat(HEALTH_REPORT_LIMITS.maxManifestLength)}/mf-manifest.json`;
    const reports = healthReports('production', TOKEN, [...times(1, 'views', tooLong), ...times(1, 'views')]);
    expect(reports.flatMap((report) => report.entries.map((entry) => entry.manifest))).toEqual([LIVE]);
  });

  it('makes no report of nothing', () => {
    expect(healthReports('production', TOKEN, [])).toEqual([]);
  });
});

describe('countsOnce: one failure per view', () => {
  const kept = (events: HealthEvent[], pages: PageStates = new Map()) =>
    events.filter((event) => countsOnce(pages, event)).map(([, , kind]) => kind);

  it('counts the first failure of a page, not a second one of the same page', () => {
    expect(
      kept([
        ...times(1, 'views'),
        ...times(1, 'loadFailures'),
        ...times(1, 'loadFailures'),
        ...times(1, 'renderCrashes'),
      ]),
    ).toEqual(['views', 'loadFailures']);
  });

  it('counts again on the next page', () => {
    expect(
      kept([...times(1, 'views'), ...times(1, 'renderCrashes'), ...times(1, 'views'), ...times(1, 'renderCrashes')]),
    ).toEqual(['views', 'renderCrashes', 'views', 'renderCrashes']);
  });

  it('gives a failure before the first view (bootstrap’s load) to that view, once', () => {
    expect(kept([...times(1, 'loadFailures'), ...times(1, 'views'), ...times(1, 'loadFailures')])).toEqual([
      'loadFailures',
      'views',
    ]);
  });

  it('keeps remotes apart', () => {
    const pages: PageStates = new Map();
    expect(kept([...times(1, 'views'), ...times(1, 'renderCrashes')], pages)).toEqual(['views', 'renderCrashes']);
    expect(
      kept(
        [
          ['admin_console', LIVE, 'views'],
          ['admin_console', LIVE, 'renderCrashes'],
        ],
        pages,
      ),
    ).toEqual(['views', 'renderCrashes']);
    expect(kept(times(1, 'renderCrashes'), pages)).toEqual([]);
  });
});

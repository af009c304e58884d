/** A canary's series as the release service answers it, for the chart's tests. */
import type { CanarySeries, SeriesFigures } from 'shared-releases';
import { CANARY_STARTED } from '../canaryFixtures';

const figures = (views: number, failures: number): SeriesFigures => ({
  views,
  failures,
  failureRate: views === 0 ? null : failures / views,
});

const minute = (n: number) => new Date(Date.parse(CANARY_STARTED) + n * 60_000).toISOString();

/**
 * v4 against v2 over four 1-minute buckets from 10:00 (Japan): started at 10 %, a step to 50 % at
 * 10:02 by the service, promoted by a person at 10:03; no views at all in 10:01.
 */
export function promotedSeries(): CanarySeries {
  return {
    remote: 'admin_console',
    environment: 'production',
    version: 'v4',
    live: 'v2',
    startedAt: CANARY_STARTED,
    endedAt: minute(3.5),
    state: 'promoted',
    bucketMinutes: 1,
    keptSince: '2025-06-03T01:00:00.000Z',
    points: [
      { at: minute(0), canary: figures(10, 1), live: figures(90, 0) },
      { at: minute(1), canary: figures(0, 0), live: figures(0, 0) },
      { at: minute(2), canary: figures(40, 2), live: figures(60, 3) },
      { at: minute(3), canary: figures(50, 0), live: figures(0, 0) },
    ],
    events: [
      { at: CANARY_STARTED, kind: 'start', percent: 10, automatic: false },
      { at: minute(2.25), kind: 'percent', percent: 50, automatic: true },
      { at: minute(3.5), kind: 'promote', percent: 100, automatic: false },
    ],
  };
}

/**
 * The same run where page loads reported LCP only (no tap, no shift): the canary's p75 about 1.5 s
 * later than live's, per bucket and over the run; INP and CLS null throughout.
 */
export function seriesWithLcp(): CanarySeries {
  const base = promotedSeries();
  const p75 = (lcp: number | null) => ({ lcp, inp: null, cls: null });
  const lcps: [number | null, number | null][] = [
    [3820, 2110],
    [null, null],
    [3790.4, 2130],
    [3805, null],
  ];
  return {
    ...base,
    points: base.points.map((point, index) => ({
      ...point,
      canary: { ...point.canary, p75: p75(lcps[index]![0]) },
      live: { ...point.live, p75: p75(lcps[index]![1]) },
    })),
    p75: { canary: p75(3818), live: p75(2118) },
  };
}

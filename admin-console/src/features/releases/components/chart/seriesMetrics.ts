/**
 * What the canary chart draws, one small chart per measure (docs/canary-releases.md, "Charts"):
 * views and failure rate always, the p75 of LCP / INP / CLS where the series has them. A new
 * measure is one more entry here: its value per bucket, its total over the run, its units.
 */
import {
  type CanarySeries,
  type SeriesFigures,
  type SeriesPoint,
  VITAL_METRICS,
  type VitalMetric,
  vitalValueText,
} from 'shared-releases';
import { rateText, viewsText } from '../../lib/canaryText';

export type Side = 'canary' | 'live';

export interface SeriesMetric {
  key: string;
  /** the chart's name and the summary table's column */
  label: string;
  /** the bucket's value; null where there is none (no views) */
  value: (figures: SeriesFigures) => number | null;
  /** over the whole run, for the summary */
  total: (series: CanarySeries, side: Side) => number | null;
  /** a value as the axis and the summary print it */
  format: (value: number | null) => string;
  /** the axis' fixed lower end (0 for counts and rates) */
  min?: number;
}

const sum = (points: readonly SeriesPoint[], side: Side, pick: (figures: SeriesFigures) => number) =>
  points.reduce((total, point) => total + pick(point[side]), 0);

export const SERIES_METRICS: readonly SeriesMetric[] = [
  {
    key: 'views',
    label: '表示回数',
    value: (figures) => figures.views,
    total: (series, side) => sum(series.points, side, (figures) => figures.views),
    format: (value) => (value === null ? '—' : viewsText(value)),
    min: 0,
  },
  {
    key: 'failureRate',
    label: '失敗率',
    value: (figures) => figures.failureRate,
    total: ({ points }, side) => {
      const views = sum(points, side, (figures) => figures.views);
      return views === 0 ? null : sum(points, side, (figures) => figures.failures) / views;
    },
    format: rateText,
    min: 0,
  },
];

const VITAL_LABELS: Readonly<Record<VitalMetric, string>> = { lcp: 'LCP p75', inp: 'INP p75', cls: 'CLS p75' };

/** A vital's p75 per bucket (that bucket's page loads) and over the run (the run's page loads, from the service). */
const vitalMetric = (metric: VitalMetric): SeriesMetric => ({
  key: `${metric}P75`,
  label: VITAL_LABELS[metric],
  value: (figures) => figures.p75?.[metric] ?? null,
  total: (series, side) => series.p75?.[side][metric] ?? null,
  format: (value) => vitalValueText(metric, value === null ? null : Number(value.toPrecision(4))),
  min: 0,
});

const VITAL_SERIES_METRICS = VITAL_METRICS.map(vitalMetric);

/** The measures a series is drawn with: views and failure rate, and each vital some page load reported. */
export const metricsOf = (series: CanarySeries): readonly SeriesMetric[] => [
  ...SERIES_METRICS,
  ...VITAL_SERIES_METRICS.filter((metric) =>
    series.points.some((point) => metric.value(point.canary) !== null || metric.value(point.live) !== null),
  ),
];

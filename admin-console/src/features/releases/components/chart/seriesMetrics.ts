/**
 * What the canary chart draws, one small chart per measure (docs/canary-releases.md, "Charts"). A
 * new measure of the series (the p75 of LCP / INP / CLS per release, as `SeriesFigures` gains
 * them) is one more entry here: its value per bucket, its total over the run, its units.
 */
import type { SeriesFigures, SeriesPoint } from 'shared-releases';
import { rateText, viewsText } from '../../lib/canaryText';

export type Side = 'canary' | 'live';

export interface SeriesMetric {
  key: string;
  /** the chart's name and the summary table's column */
  label: string;
  /** the bucket's value; null where there is none (no views) */
  value: (figures: SeriesFigures) => number | null;
  /** over the whole run, for the summary */
  total: (points: readonly SeriesPoint[], side: Side) => number | null;
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
    total: (points, side) => sum(points, side, (figures) => figures.views),
    format: (value) => (value === null ? '—' : viewsText(value)),
    min: 0,
  },
  {
    key: 'failureRate',
    label: '失敗率',
    value: (figures) => figures.failureRate,
    total: (points, side) => {
      const views = sum(points, side, (figures) => figures.views);
      return views === 0 ? null : sum(points, side, (figures) => figures.failures) / views;
    },
    format: rateText,
    min: 0,
  },
];

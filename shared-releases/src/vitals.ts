/**
 * Core Web Vitals per release (docs/canary-releases.md, "Core Web Vitals"): what a page reports of
 * LCP, INP and CLS, and the margins a canary may be worse by before it is withdrawn. Shared by the
 * browser (which measures), the schema (which bounds a report) and the service (which decides).
 */
import type { VitalDecision } from './canaryTypes';

export const VITAL_METRICS = ['lcp', 'inp', 'cls'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/**
 * The top of the service's buckets, per metric (LCP and INP in milliseconds, CLS unitless): a
 * larger value counts in the top bucket (a slower page is still "very slow").
 */
export const VITAL_MAX: Readonly<Record<VitalMetric, number>> = { lcp: 120_000, inp: 60_000, cls: 10 };

/** Defaults of HEALTH_LCP_MARGIN_MS, HEALTH_INP_MARGIN_MS and HEALTH_CLS_MARGIN. */
export const VITAL_MARGIN_DEFAULTS: Readonly<Record<VitalMetric, number>> = {
  /** a tenth of Google's "good" LCP (2.5 s) */
  lcp: 250,
  /** a quarter of Google's "good" INP (200 ms): a tap's duration varies more than a paint */
  inp: 50,
  /** a fifth of Google's "good" CLS (0.1) */
  cls: 0.02,
};

/** The share of a release's values above its own 75th percentile: what the canary's is tested against. */
export const VITAL_QUANTILE_TAIL = 0.25;

const VITAL_NAMES: Readonly<Record<VitalMetric, string>> = { lcp: 'LCP', inp: 'INP', cls: 'CLS' };
const VITAL_OUTCOMES = { withdraw: '悪化', healthy: '健全', inconclusive: '判定保留' } as const;

/** A vital's value as read: LCP and INP in ms (2,118 ms), CLS as it is; "—" for none. */
export const vitalValueText = (metric: VitalMetric, value: number | null): string =>
  value === null ? '—' : metric === 'cls' ? String(value) : `${value.toLocaleString('en-US')} ms`;

/**
 * The vitals of a decision that any page load reported, canary beside live, for the CLI and the
 * リリース page: "LCP p75 カナリア 3,818 ms (52 回)・現行 2,118 ms (410 回) 悪化、…"; '' without any.
 */
export function vitalsSummary(vitals: readonly VitalDecision[] | undefined): string {
  return (vitals ?? [])
    .filter((vital) => vital.canary.samples + vital.live.samples > 0)
    .map(
      ({ metric, canary, live, outcome }) =>
        `${VITAL_NAMES[metric]} p75 カナリア ${vitalValueText(metric, canary.p75)} (${canary.samples} 回)・` +
        `現行 ${vitalValueText(metric, live.p75)} (${live.samples} 回) ${VITAL_OUTCOMES[outcome]}`,
    )
    .join('、');
}

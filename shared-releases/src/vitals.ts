/**
 * Core Web Vitals per release (docs/canary-releases.md, "Core Web Vitals"): what a page reports of
 * LCP, INP and CLS, and the margins a canary may be worse by before it is withdrawn. Shared by the
 * browser (which measures), the schema (which bounds a report) and the service (which decides).
 */

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

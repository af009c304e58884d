/**
 * Core Web Vitals kept in bounded storage (docs/canary-releases.md, "Core Web Vitals"): each value
 * goes into a log-spaced bucket (each 5 % wider than the one below: a value is known to ±2.5 %),
 * and a release's histogram is the sum of its buckets over the window. The 75th percentile and
 * the share above a threshold are read off it by linear interpolation inside a bucket. No I/O.
 *
 * Why not a sketch library (DDSketch, t-digest): the buckets are rows summed by SQL across
 * instances and minutes; what is needed of them is the index of a value and the bounds of an
 * index, two lines of arithmetic.
 */
import { VITAL_MAX, type VitalMetric } from 'shared-releases';

/** Each bucket's upper bound is this times its lower bound. */
export const BUCKET_GROWTH = 1.05;
const LOG_GROWTH = Math.log(BUCKET_GROWTH);
/** Units per metric value: milliseconds for LCP and INP, thousandths for CLS (0.001 resolution). */
const UNITS: Readonly<Record<VitalMetric, number>> = { lcp: 1, inp: 1, cls: 1000 };

/** Bucket → page loads, of one release and metric. */
export type Histogram = Map<number, number>;

/** Bucket 0 is [0, 1 unit); bucket i ≥ 1 is [growth^(i−1), growth^i) units. */
export function bucketOf(metric: VitalMetric, value: number): number {
  const units = Math.min(value, VITAL_MAX[metric]) * UNITS[metric];
  return units < 1 ? 0 : 1 + Math.floor(Math.log(units) / LOG_GROWTH);
}

/** The bounds of a bucket, in the metric's own unit. */
export function boundsOf(metric: VitalMetric, bucket: number): [lower: number, upper: number] {
  const unit = UNITS[metric];
  if (bucket === 0) return [0, 1 / unit];
  const lower = BUCKET_GROWTH ** (bucket - 1) / unit;
  return [lower, lower * BUCKET_GROWTH];
}

/** The largest bucket of a metric: how many rows a release can have per metric and minute. */
export const maxBucketOf = (metric: VitalMetric) => bucketOf(metric, VITAL_MAX[metric]);

// The loops below avoid spreads and destructuring of Map entries: the simulation in the tests runs
// them a few hundred thousand times, and transpiled iteration helpers made it 10 times slower.

export function samplesOf(histogram: Histogram): number {
  let total = 0;
  histogram.forEach((count) => (total += count));
  return total;
}

/** The q-quantile (0 < q < 1), interpolated inside its bucket; null without samples. */
export function quantileOf(metric: VitalMetric, histogram: Histogram, q: number): number | null {
  const total = samplesOf(histogram);
  if (total === 0) return null;
  const target = q * total;
  const buckets = Array.from(histogram.keys()).sort((a, b) => a - b);
  let below = 0;
  for (let i = 0; i < buckets.length; i += 1) {
    const count = histogram.get(buckets[i]!)!;
    if (count > 0 && below + count >= target) {
      const [lower, upper] = boundsOf(metric, buckets[i]!);
      return lower + ((target - below) / count) * (upper - lower);
    }
    below += count;
  }
  return boundsOf(metric, buckets[buckets.length - 1]!)[1];
}

/**
 * How many samples lie above `threshold`, the bucket holding it counted in proportion (so that
 * above(quantile(q)) = (1 − q) · samples exactly: a release is 25 % above its own p75).
 */
export function countAbove(metric: VitalMetric, histogram: Histogram, threshold: number): number {
  let above = 0;
  histogram.forEach((count, bucket) => {
    const [lower, upper] = boundsOf(metric, bucket);
    if (lower >= threshold) above += count;
    else if (upper > threshold) above += (count * (upper - threshold)) / (upper - lower);
  });
  return above;
}

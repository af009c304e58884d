/**
 * The canary's Core Web Vitals against the live release's (docs/canary-releases.md, "Core Web
 * Vitals"), by the same sequential test as the failure rates (sequentialTest.ts). A canary no worse
 * than live by more than the margin has at most 25 % of its page loads above live's p75 + margin
 * (live itself has exactly 25 % above its p75). So each page load of the canary is a "failure" when
 * its value is above that threshold, and the live release's count is its 25 %: the mSPRT on the
 * difference of the two shares withdraws when the canary's share is above 25 % at level α, and says
 * healthy when it is below 25 % + minEffect at 1 − power. The variance the test uses for live's
 * 25 % (0.25·0.75/n) is the variance of the share above an estimated quantile, so the uncertainty
 * of live's p75 is counted too. Pure; the simulation in test/vitalsTest.test.ts checks the rates.
 */
import {
  type CanaryOutcome,
  type ReleaseVital,
  VITAL_QUANTILE_TAIL,
  type VitalDecision,
  type VitalMetric,
} from 'shared-releases';
import { countAbove, type Histogram, quantileOf, samplesOf } from './vitalHistogram';
import { type Counts, type SequentialRules, sequentialTest } from './sequentialTest';

const P75 = 1 - VITAL_QUANTILE_TAIL;

/** Milliseconds to the millisecond, CLS to four decimals. */
const rounded = (metric: VitalMetric, value: number) =>
  metric === 'cls' ? Number(value.toFixed(4)) : Math.round(value);

export function releaseVitalOf(metric: VitalMetric, histogram: Histogram): ReleaseVital {
  const p75 = quantileOf(metric, histogram, P75);
  return { samples: samplesOf(histogram), p75: p75 === null ? null : rounded(metric, p75) };
}

/**
 * The two releases' counts as the test takes them: canary page loads above live's p75 + margin,
 * live's 25 % of its own. Null without live's minimum sample (no p75 to compare with).
 */
export function vitalCounts(
  metric: VitalMetric,
  canary: Histogram,
  live: Histogram,
  margin: number,
  minSamples: number,
): { canary: Counts; live: Counts; threshold: number } | null {
  const liveSamples = samplesOf(live);
  if (liveSamples < minSamples) return null;
  const threshold = quantileOf(metric, live, P75)! + margin;
  return {
    canary: { views: samplesOf(canary), failures: countAbove(metric, canary, threshold) },
    live: { views: liveSamples, failures: VITAL_QUANTILE_TAIL * liveSamples },
    threshold,
  };
}

/**
 * One vital's decision. Unlike the failure rate, a canary is never judged alone: without live's
 * minimum sample there is no p75 to be worse than (inconclusive, `control: none`).
 */
export function vitalDecisionOf(
  metric: VitalMetric,
  canary: Histogram,
  live: Histogram,
  margin: number,
  rules: SequentialRules,
): VitalDecision {
  const counts = vitalCounts(metric, canary, live, margin, rules.minCanaryViews);
  const tested = counts
    ? sequentialTest(counts.canary, counts.live, rules)
    : sequentialTest({ views: 0, failures: 0 }, { views: 0, failures: 0 }, rules);
  const enough = counts !== null && counts.canary.views >= rules.minCanaryViews;
  return {
    metric,
    canary: releaseVitalOf(metric, canary),
    live: releaseVitalOf(metric, live),
    margin,
    threshold: counts ? rounded(metric, counts.threshold) : null,
    aboveShare: enough ? Number((counts.canary.failures / counts.canary.views).toFixed(4)) : null,
    outcome: tested.outcome,
    test: tested.figures,
  };
}

/**
 * The canary's outcome with its vitals: withdrawn when the failure rate or any vital says so;
 * healthy when the failure rate is healthy and so is every vital that has its minimum sample (a
 * vital no page reported — no tap, no shift — holds nothing up); otherwise inconclusive.
 */
export function combinedOutcome(
  failures: CanaryOutcome,
  vitals: readonly VitalDecision[],
  minSamples: number,
): { outcome: CanaryOutcome; withdrawnOn: Array<'failures' | VitalMetric> } {
  const withdrawnOn: Array<'failures' | VitalMetric> = failures === 'withdraw' ? ['failures'] : [];
  for (const vital of vitals) if (vital.outcome === 'withdraw') withdrawnOn.push(vital.metric);
  if (withdrawnOn.length) return { outcome: 'withdraw', withdrawnOn };
  const measured = vitals.filter((vital) => vital.canary.samples >= minSamples);
  const healthy = failures === 'healthy' && measured.every((vital) => vital.outcome === 'healthy');
  return { outcome: healthy ? 'healthy' : 'inconclusive', withdrawnOn };
}

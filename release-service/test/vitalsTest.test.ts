/**
 * Core Web Vitals per release (src/releases/vitalHistogram.ts, vitalsTest.ts): the buckets, the
 * p75 and the share above a threshold read off them, and a simulation of many canaries checked
 * after every report (test/support/vitalsSimulation.ts, seeded; docs/canary-releases.md records
 * the figures printed here).
 */
import { HEALTH_DEFAULTS, VITAL_MARGIN_DEFAULTS, type VitalDecision } from 'shared-releases';
import {
  boundsOf,
  bucketOf,
  countAbove,
  type Histogram,
  maxBucketOf,
  quantileOf,
} from '../src/releases/vitalHistogram';
import { combinedOutcome, vitalDecisionOf } from '../src/releases/vitalsTest';
import { simulateVitals, type VitalScenario } from './support/vitalsSimulation';

const RULES = {
  minCanaryViews: HEALTH_DEFAULTS.minCanaryViews,
  alpha: HEALTH_DEFAULTS.alpha,
  power: HEALTH_DEFAULTS.power,
  minEffect: HEALTH_DEFAULTS.minEffect,
};

/** A histogram of `count` page loads at each of `values`. */
const histogramOf = (metric: 'lcp' | 'inp' | 'cls', values: number[], count = 1): Histogram => {
  const histogram: Histogram = new Map();
  for (const value of values) {
    const bucket = bucketOf(metric, value);
    histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
  }
  return histogram;
};
const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

describe('the buckets', () => {
  it('hold every value within 5 % (a p75 within ±2.5 %), a bounded number per metric', () => {
    for (const value of [1, 2, 37, 480, 1999, 2500, 15_000, 119_999]) {
      const [lower, upper] = boundsOf('lcp', bucketOf('lcp', value));
      expect(value).toBeGreaterThanOrEqual(lower - 1e-9);
      expect(value).toBeLessThan(upper);
      expect(upper / lower).toBeCloseTo(1.05, 6);
    }
    expect(bucketOf('cls', 0)).toBe(0);
    expect(boundsOf('cls', bucketOf('cls', 0.1))[0]).toBeLessThanOrEqual(0.1);
    // The rows one release can have per metric and minute, at most.
    expect(maxBucketOf('lcp')).toBe(240);
    expect(maxBucketOf('inp')).toBeLessThanOrEqual(227);
    expect(maxBucketOf('cls')).toBeLessThanOrEqual(190);
    expect(bucketOf('lcp', 10 ** 9)).toBe(maxBucketOf('lcp'));
  });

  it('p75 of 1,000 evenly spread values within 2.5 %, and exactly 25 % above it', () => {
    const histogram = histogramOf('lcp', range(1000, 3000, 2));
    const p75 = quantileOf('lcp', histogram, 0.75)!;
    expect(Math.abs(p75 / 2500 - 1)).toBeLessThan(0.025);
    expect(countAbove('lcp', histogram, p75)).toBeCloseTo(0.25 * 1001, 6);
    expect(quantileOf('lcp', new Map(), 0.75)).toBeNull();
  });
});

describe('one vital’s decision', () => {
  const live = histogramOf('lcp', range(800, 2400, 4)); // 401 page loads, p75 ≈ 2,000 ms

  it('withdraw: every canary page load 1.5 s later, at its minimum sample, with both p75s', () => {
    const canary = histogramOf('lcp', range(2300, 3900, 32)); // 51 page loads
    const decision = vitalDecisionOf('lcp', canary, live, VITAL_MARGIN_DEFAULTS.lcp, RULES);
    expect(decision).toMatchObject({ metric: 'lcp', outcome: 'withdraw', margin: 250 });
    // The lowest canary value shares its bucket with the threshold: counted in proportion.
    expect(decision.aboveShare).toBeGreaterThan(0.98);
    expect(Math.abs(decision.live.p75! - 2000)).toBeLessThan(50);
    expect(decision.canary.p75! - decision.live.p75!).toBeGreaterThan(1400);
    expect(decision.threshold).toBe(decision.live.p75! + 250);
    expect(decision.test.withdrawStatistic).toBeGreaterThanOrEqual(decision.test.withdrawBoundary);
  });

  it('healthy: the same distribution on enough page loads; inconclusive without live’s minimum', () => {
    const canary = histogramOf('lcp', range(800, 2400, 4));
    expect(vitalDecisionOf('lcp', canary, live, VITAL_MARGIN_DEFAULTS.lcp, RULES).outcome).toBe('healthy');
    const few = histogramOf('lcp', range(800, 2400, 40)); // 41 page loads
    const alone = vitalDecisionOf('lcp', histogramOf('lcp', range(5000, 9000, 10)), few, 250, RULES);
    expect(alone).toMatchObject({ outcome: 'inconclusive', threshold: null, aboveShare: null });
    expect(alone.test.control).toBe('none');
  });

  it('not withdrawn when slower by less than the margin', () => {
    const canary = histogramOf('lcp', range(1000, 2600, 4)); // 200 ms later, margin 250
    expect(vitalDecisionOf('lcp', canary, live, 250, RULES).outcome).not.toBe('withdraw');
  });
});

describe('the combined outcome', () => {
  const vital = (metric: 'lcp' | 'inp', outcome: VitalDecision['outcome'], samples: number) =>
    ({ metric, outcome, canary: { samples, p75: 1 } }) as VitalDecision;

  it('withdraw on any of them, naming what; healthy only when every measured vital is', () => {
    expect(combinedOutcome('healthy', [vital('lcp', 'withdraw', 60)], 50)).toEqual({
      outcome: 'withdraw',
      withdrawnOn: ['lcp'],
    });
    expect(combinedOutcome('withdraw', [vital('inp', 'withdraw', 60)], 50).withdrawnOn).toEqual(['failures', 'inp']);
    expect(combinedOutcome('healthy', [vital('lcp', 'inconclusive', 60)], 50).outcome).toBe('inconclusive');
    // No taps yet: INP below its minimum holds nothing up.
    expect(combinedOutcome('healthy', [vital('lcp', 'healthy', 60), vital('inp', 'inconclusive', 3)], 50).outcome).toBe(
      'healthy',
    );
    expect(combinedOutcome('inconclusive', [vital('lcp', 'healthy', 60)], 50).outcome).toBe('inconclusive');
  });
});

const report = (label: string, summary: ReturnType<typeof simulateVitals>) =>
  console.log(`${label}: ${JSON.stringify(summary)}`);

/** LCP as a media site's: median 1.8 s, spread σ 0.35 (p75 ≈ 2.3 s); a canary at 10 %, reports of 10 page loads. */
const LCP = { median: 1800, sigma: 0.35 };
/** INP: median 120 ms, σ 0.6 (p75 ≈ 180 ms). */
const INP = { median: 120, sigma: 0.6 };
const lcpScenario = (canaryShift: number, margin: number): VitalScenario => ({
  metric: 'lcp',
  canary: { ...LCP, shift: canaryShift },
  live: LCP,
  margin,
  step: 10,
  horizon: 1_000,
});

describe(`simulation (alpha ${RULES.alpha}, power ${RULES.power}, minimum effect ${RULES.minEffect}, minimum ${RULES.minCanaryViews} page loads)`, () => {
  it('A/A with no margin (the null’s edge): 1,000 canaries withdrawn at most at alpha', () => {
    const summary = simulateVitals(5, 1_000, lcpScenario(0, 0), RULES);
    report('LCP A/A margin 0', summary);
    expect(summary.withdrawn / summary.runs).toBeLessThanOrEqual(RULES.alpha);
  });

  it('A/A at the default margin: none withdrawn, nearly all healthy soon', () => {
    const summary = simulateVitals(6, 500, lcpScenario(0, VITAL_MARGIN_DEFAULTS.lcp), RULES);
    report('LCP A/A margin 250', summary);
    expect(summary.withdrawn / summary.runs).toBeLessThanOrEqual(RULES.alpha / 5);
    expect(summary.healthy / summary.runs).toBeGreaterThanOrEqual(0.95);
    expect(summary.healthySamples!.p90).toBeLessThanOrEqual(200);
  });

  it('a canary slower by exactly the margin: withdrawn at most at alpha', () => {
    const summary = simulateVitals(8, 500, lcpScenario(VITAL_MARGIN_DEFAULTS.lcp, VITAL_MARGIN_DEFAULTS.lcp), RULES);
    report('LCP canary +250 ms margin 250', summary);
    expect(summary.withdrawn / summary.runs).toBeLessThanOrEqual(RULES.alpha);
  });

  it.each([
    ['LCP +1.5 s', 60, lcpScenario(1500, VITAL_MARGIN_DEFAULTS.lcp)],
    ['LCP +750 ms', 200, lcpScenario(750, VITAL_MARGIN_DEFAULTS.lcp)],
    [
      'INP +300 ms per tap',
      60,
      {
        metric: 'inp',
        canary: { ...INP, shift: 300 },
        live: INP,
        margin: VITAL_MARGIN_DEFAULTS.inp,
        step: 10,
        horizon: 1_000,
      } satisfies VitalScenario,
    ],
  ] as const)('%s: every canary withdrawn, p90 within %p page loads', (label, within, scenario) => {
    const summary = simulateVitals(13, 500, scenario, RULES);
    report(label, summary);
    expect(summary.withdrawn).toBe(summary.runs);
    expect(summary.healthy).toBe(0);
    expect(summary.withdrawSamples!.p90).toBeLessThanOrEqual(within);
  });
});

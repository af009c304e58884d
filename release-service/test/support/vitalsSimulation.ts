/**
 * Simulated canaries for the Core Web Vitals test (src/releases/vitalsTest.ts): page loads arrive in
 * steps (a canary share of the traffic, the rest live), each with a value drawn from a log-normal
 * (how page timings spread) at one of 4,096 quantiles, kept in the service's buckets (vitalHistogram.ts), and the test is
 * evaluated after every step, as the service does after every report. Seeded: the same every run.
 */
import type { CanaryOutcome, VitalMetric } from 'shared-releases';
import { bucketOf, type Histogram } from '../../src/releases/vitalHistogram';
import { vitalCounts } from '../../src/releases/vitalsTest';
import { normalCdf, outcomeOf, type SequentialRules, statisticsFor } from '../../src/releases/sequentialTest';
import { prng, spread } from './canarySimulation';

/** A value per page load: median · e^(σ·N(0,1)) + shift. */
export interface Distribution {
  median: number;
  sigma: number;
  /** added to every value: the canary's regression (1.5 s later largest text, 300 ms per tap) */
  shift?: number;
}

export interface VitalScenario {
  metric: VitalMetric;
  canary: Distribution;
  live: Distribution;
  margin: number;
  /** canary page loads per step; live has 9 times as many (a canary at 10 %) */
  step: number;
  /** canary page loads after which a run stops undecided */
  horizon: number;
}

/** The standard normal's quantile, by bisection on the CDF (once per table entry). */
function normalQuantile(p: number): number {
  let [low, high] = [-10, 10];
  for (let i = 0; i < 60; i += 1) {
    const middle = (low + high) / 2;
    if (normalCdf(middle) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/**
 * A distribution's buckets at 4,096 evenly spaced quantiles: a draw is then one random number and
 * a lookup (in Jest's sandbox Math.log and friends cost a microsecond; millions of draws are made).
 */
function bucketTable(metric: VitalMetric, { median, sigma, shift = 0 }: Distribution): Int32Array {
  const table = new Int32Array(4096);
  for (let k = 0; k < table.length; k += 1) {
    table[k] = bucketOf(metric, median * Math.exp(sigma * normalQuantile((k + 0.5) / table.length)) + shift);
  }
  return table;
}

const add = (histogram: Histogram, bucket: number) => histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);

export interface VitalRun {
  withdrawn: boolean;
  /** canary page loads at withdrawal (or at the horizon) */
  samples: number;
  healthyAt: number | null;
}

/** Both releases' bucket tables (built once per scenario). */
interface Tables {
  canary: Int32Array;
  live: Int32Array;
}

export function runVitalCanary(
  random: () => number,
  scenario: VitalScenario,
  rules: SequentialRules,
  tables: Tables,
): VitalRun {
  const [canaryTable, liveTable] = [tables.canary, tables.live];
  // `| 0`, not Math.floor: no global read per draw in Jest's sandbox (canarySimulation.ts).
  const draw = (table: Int32Array) => table[(random() * table.length) | 0]!;
  const canary: Histogram = new Map();
  const live: Histogram = new Map();
  let samples = 0;
  let healthyAt: number | null = null;
  while (samples < scenario.horizon) {
    for (let i = 0; i < scenario.step; i += 1) add(canary, draw(canaryTable));
    for (let i = 0; i < scenario.step * 9; i += 1) add(live, draw(liveTable));
    samples += scenario.step;
    const counts = vitalCounts(scenario.metric, canary, live, scenario.margin, rules.minCanaryViews);
    if (!counts) continue;
    const { withdrawLog, healthyLog } = statisticsFor(counts.canary, counts.live, rules);
    const outcome: CanaryOutcome = outcomeOf(counts.canary, counts.live, rules, withdrawLog, healthyLog);
    if (outcome === 'withdraw') return { withdrawn: true, samples, healthyAt };
    if (outcome === 'healthy' && healthyAt === null) healthyAt = samples;
  }
  return { withdrawn: false, samples, healthyAt };
}

export function simulateVitals(seed: number, runs: number, scenario: VitalScenario, rules: SequentialRules) {
  const random = prng(seed);
  const tables = {
    canary: bucketTable(scenario.metric, scenario.canary),
    live: bucketTable(scenario.metric, scenario.live),
  };
  const results = Array.from({ length: runs }, () => runVitalCanary(random, scenario, rules, tables));
  const withdrawn = results.filter((result) => result.withdrawn);
  const healthy = results.flatMap((result) => (result.healthyAt === null ? [] : [result.healthyAt]));
  return {
    runs,
    withdrawn: withdrawn.length,
    healthy: healthy.length,
    withdrawSamples: spread(withdrawn.map((result) => result.samples)),
    healthySamples: spread(healthy),
  };
}

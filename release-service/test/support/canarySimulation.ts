/**
 * Simulated canaries for the sequential test (docs/canary-releases.md, "The decision"): views arrive
 * in steps (a canary share of the traffic, the rest live), failures are binomial draws from a seeded
 * PRNG, and the test is evaluated after every step, as the service does after every report.
 */
import type { CanaryOutcome } from 'shared-releases';
import { outcomeOf, type SequentialRules, statisticsFor } from '../../src/releases/sequentialTest';

// Read once: inside Jest's sandbox (a vm context) every read of a global such as `Math` goes through
// the context's interceptors, and this PRNG is called millions of times (it was 39 % of
// vitalsTest.test.ts's CPU; docs/testing.md, "Globals in Jest's sandbox").
const imul = Math.imul;

/** mulberry32: a small, fast, seeded PRNG, so every run of the tests sees the same canaries. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A binomial draw by inverting its CDF: about n·p + 1 steps, cheap for a step's few views. */
export function binomial(random: () => number, n: number, p: number): number {
  if (p <= 0) return 0;
  if (p >= 1) return n;
  const q = 1 - p;
  let probability = q ** n;
  let cumulative = probability;
  const u = random();
  let k = 0;
  while (u > cumulative && k < n) {
    probability *= ((n - k) / (k + 1)) * (p / q);
    k += 1;
    cumulative += probability;
  }
  return k;
}

export interface Scenario {
  canaryRate: number;
  liveRate: number;
  /** canary views per step (a report's worth, evaluated after each) */
  canaryStep: number;
  /** live views per step: the canary at 10 % of traffic has 9 live views for each of its own */
  liveStep: number;
  /** canary views after which a run stops undecided */
  horizon: number;
}

export interface RunResult {
  /** the first outcome that is not inconclusive... except healthy, which does not stop a run */
  withdrawn: boolean;
  /** canary views at withdrawal (or at the horizon) */
  views: number;
  /** canary views when healthy was first said; null: never */
  healthyAt: number | null;
}

/** One canary, evaluated after every step until withdrawn or the horizon. */
export function runCanary(random: () => number, scenario: Scenario, rules: SequentialRules): RunResult {
  const canary = { views: 0, failures: 0 };
  const live = { views: 0, failures: 0 };
  let healthyAt: number | null = null;
  while (canary.views < scenario.horizon) {
    canary.views += scenario.canaryStep;
    canary.failures += binomial(random, scenario.canaryStep, scenario.canaryRate);
    live.views += scenario.liveStep;
    live.failures += binomial(random, scenario.liveStep, scenario.liveRate);
    // The service's rule without building its figures each step (sequentialTest() = this + figures).
    const { withdrawLog, healthyLog } = statisticsFor(canary, live, rules);
    const outcome: CanaryOutcome = outcomeOf(canary, live, rules, withdrawLog, healthyLog);
    if (outcome === 'withdraw') return { withdrawn: true, views: canary.views, healthyAt };
    if (outcome === 'healthy' && healthyAt === null) healthyAt = canary.views;
  }
  return { withdrawn: false, views: canary.views, healthyAt };
}

export interface Summary {
  runs: number;
  withdrawn: number;
  healthy: number;
  /** canary views to withdrawal among withdrawn runs */
  withdrawViews: { median: number; p90: number } | null;
  /** canary views to the first healthy among runs that reached it */
  healthyViews: { median: number; p90: number } | null;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
/** The median and p90 of a simulation's counts (null for none), as the tests report them. */
export const spread = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p90: quantile(sorted, 0.9) };
};

export function simulate(seed: number, runs: number, scenario: Scenario, rules: SequentialRules): Summary {
  const random = prng(seed);
  const results = Array.from({ length: runs }, () => runCanary(random, scenario, rules));
  const withdrawn = results.filter((result) => result.withdrawn);
  const healthy = results.flatMap((result) => (result.healthyAt === null ? [] : [result.healthyAt]));
  return {
    runs,
    withdrawn: withdrawn.length,
    healthy: healthy.length,
    withdrawViews: spread(withdrawn.map((result) => result.views)),
    healthyViews: spread(healthy),
  };
}

/**
 * The canary's sequential test (docs/canary-releases.md, "The decision"): two one-sided mixture
 * sequential probability ratio tests (mSPRT; Robbins 1970, Johari et al. 2017 "Peeking at A/B
 * tests") on the difference θ = canary failure rate − live failure rate, the live release over the
 * same window being the control. Each statistic is a likelihood ratio mixed over the alternatives,
 * a (Gaussian-approximation) martingale under its null, so by Ville's inequality it crosses 1/α with
 * probability at most α however often it is looked at — the service evaluates after every report.
 *
 * - withdraw: "θ ≤ 0" (the canary fails no more often than live) is rejected at level α;
 * - healthy: "θ ≥ minEffect" (worse by the minimum detectable effect or more) is rejected at level
 *   β = 1 − power, so a canary that bad is called healthy with probability at most β;
 * - inconclusive: neither yet (or fewer views than the minimum sample).
 * Without a control (too few live views) the canary is judged alone: see aloneOf().
 * Pure and synchronous: healthWindow.ts feeds it the window's sums.
 */
import type { CanaryOutcome, SequentialFigures } from 'shared-releases';

// Read from `Math` once, not on every call: in Jest's sandbox (a vm context) each read of a global
// goes through the context's interceptors, and the tests' simulations evaluate this module millions
// of times (docs/testing.md, "Globals in Jest's sandbox").
const { abs, exp, log, max, min, sqrt, LN2, SQRT2 } = Math;

export interface Counts {
  views: number;
  failures: number;
}

export interface SequentialRules {
  /** inconclusive before the canary has this many views; the live release needs as many to be the control */
  minCanaryViews: number;
  /** the false-withdrawal rate: P(withdraw | canary no worse than live) ≤ alpha */
  alpha: number;
  /** 1 − P(healthy | canary worse by minEffect or more) */
  power: number;
  /** the smallest difference of failure rates (0–1) the test is built to find */
  minEffect: number;
}

export interface SequentialResult {
  outcome: CanaryOutcome;
  figures: SequentialFigures;
}

/** Standard normal CDF (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7): enough for a boundary at 1/α. */
export function normalCdf(z: number): number {
  const x = abs(z) / SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erfc = poly * exp(-x * x);
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/**
 * log of the one-sided mixture likelihood ratio for "θ > θ0" given an estimate `shift` = θ̂ − θ0
 * with variance `variance`, mixed over a half-normal of scale `tau` on θ − θ0 > 0:
 * 2·√(V/(V+τ²))·exp(τ²d²/(2V(V+τ²)))·Φ(dτ/√(V(V+τ²))).
 */
export function logMixtureRatio(shift: number, variance: number, tau: number): number {
  if (!(variance > 0) || !Number.isFinite(variance)) return 0; // no information: a ratio of 1
  const spread = variance + tau * tau;
  const tail = normalCdf((shift * tau) / sqrt(variance * spread));
  if (tail <= 0) return Number.NEGATIVE_INFINITY;
  return LN2 + 0.5 * log(variance / spread) + (tau * tau * shift * shift) / (2 * variance * spread) + log(tail);
}

const rateOf = ({ views, failures }: Counts) => min(1, failures / views);
/** A rate for a variance, pulled off 0 and 1 (add-one smoothing): 0 failures in 50 views is no certainty. */
const smoothed = ({ views, failures }: Counts) => (min(failures, views) + 1) / (views + 2);
const round = (value: number, digits = 4) => Number(value.toFixed(digits));
/** A ratio as recorded: capped, since exp() of strong evidence overflows to Infinity, which JSON writes as null. */
const MAX_RATIO = 1e12;
const ratioOf = (logRatio: number) => round(min(MAX_RATIO, exp(logRatio)), 3);

/** The two log-statistics against the live release, without the figures (the simulation calls them often). */
function statisticsOf(canary: Counts, live: Counts, minEffect: number) {
  const difference = rateOf(canary) - rateOf(live);
  // Under "no worse": one common rate, estimated from both (pooled), smoothed.
  const pooled = smoothed({ views: canary.views + live.views, failures: canary.failures + live.failures });
  const pooledVariance = pooled * (1 - pooled) * (1 / canary.views + 1 / live.views);
  // Each release its own rate (what "worse by minEffect" implies).
  const [c, l] = [smoothed(canary), smoothed(live)];
  const apartVariance = (c * (1 - c)) / canary.views + (l * (1 - l)) / live.views;
  const nullVariance = max(pooledVariance, apartVariance);
  return {
    difference,
    withdrawLog: logMixtureRatio(difference, nullVariance, minEffect),
    healthyLog: logMixtureRatio(minEffect - difference, apartVariance, minEffect),
  };
}

/** Against the live release when it has the minimum sample, else the canary alone (aloneOf). */
export const statisticsFor = (canary: Counts, live: Counts, rules: SequentialRules) =>
  live.views >= rules.minCanaryViews
    ? statisticsOf(canary, live, rules.minEffect)
    : aloneOf(canary, live, rules.minEffect);

export function sequentialTest(canary: Counts, live: Counts, rules: SequentialRules): SequentialResult {
  const withdrawBoundary = 1 / rules.alpha;
  const healthyBoundary = 1 / (1 - rules.power);
  const controlled = live.views >= rules.minCanaryViews;
  const figuresOf = (difference: number | null, withdrawLog: number, healthyLog: number): SequentialFigures => ({
    method: 'msprt',
    control: controlled ? 'live' : 'none',
    alpha: rules.alpha,
    power: rules.power,
    minEffect: rules.minEffect,
    minCanaryViews: rules.minCanaryViews,
    difference: difference === null ? null : round(difference),
    withdrawStatistic: ratioOf(withdrawLog),
    withdrawBoundary: round(withdrawBoundary, 3),
    healthyStatistic: ratioOf(healthyLog),
    healthyBoundary: round(healthyBoundary, 3),
  });
  if (canary.views < rules.minCanaryViews) return { outcome: 'inconclusive', figures: figuresOf(null, 0, 0) };
  const { difference, withdrawLog, healthyLog } = statisticsFor(canary, live, rules);
  const figures = figuresOf(difference, withdrawLog, healthyLog);
  return { outcome: outcomeOf(canary, live, rules, withdrawLog, healthyLog), figures };
}

/**
 * Without a control (the live release has fewer views than the minimum sample: a quiet hour, a
 * canary at 99 %, reports that never came): the canary alone, withdrawn only when its own failure
 * rate is above minEffect at level α — as the former rule measured against 0 — and never healthy.
 */
function aloneOf(canary: Counts, live: Counts, minEffect: number) {
  const c = smoothed(canary);
  return {
    difference: rateOf(canary) - (live.views === 0 ? 0 : rateOf(live)),
    withdrawLog: logMixtureRatio(rateOf(canary) - minEffect, (c * (1 - c)) / canary.views, minEffect),
    healthyLog: 0,
  };
}

/** Withdraw first: a canary both "worse" and "not much worse" (it cannot be, but rounding) goes. */
export function outcomeOf(
  canary: Counts,
  live: Counts,
  rules: SequentialRules,
  withdrawLog: number,
  healthyLog: number,
): CanaryOutcome {
  if (canary.views < rules.minCanaryViews) return 'inconclusive';
  if (withdrawLog >= -log(rules.alpha)) return 'withdraw';
  if (live.views >= rules.minCanaryViews && healthyLog >= -log(1 - rules.power)) return 'healthy';
  return 'inconclusive';
}

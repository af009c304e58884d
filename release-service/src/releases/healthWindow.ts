/**
 * The arithmetic of canary health (docs/releasing.md, "Canary releases"): minute buckets and the
 * window they are summed over, a release's failure rate and the canary's decision. No I/O:
 * healthService.ts does that (and counts each view token at most once: healthTokens.ts).
 */
import type { CanaryDecision, ReleaseHealth } from 'shared-releases';
import type { AppConfig } from '../config';
import type { HealthSums } from '../db/healthRepository';
import { sequentialTest } from './sequentialTest';

export type HealthRules = AppConfig['health'];

export const minuteOf = (ms: number): number => Math.floor(ms / 60_000);

/**
 * The first minute a sum covers: the last `windowMinutes` minutes (this one included), and for a
 * canary only those since it started — so its figures and the live release's beside it compare
 * the same stretch of time, and a canary that was aborted leaves nothing to a new one.
 */
export function sinceMinute(nowMs: number, windowMinutes: number, startedAt?: string | null): number {
  const windowStart = minuteOf(nowMs) - windowMinutes + 1;
  const started = startedAt ? minuteOf(Date.parse(startedAt)) : Number.NEGATIVE_INFINITY;
  return Math.max(windowStart, started);
}

/** (load failures + render crashes + hydration errors) / views, at most 1; null without views. */
export function releaseHealth(version: string | null, sums: HealthSums): ReleaseHealth {
  const failures = sums.loadFailures + sums.renderCrashes + sums.hydrationErrors;
  return {
    version,
    ...sums,
    failureRate: sums.views === 0 ? null : Math.min(1, failures / sums.views),
  };
}

export type DecisionRules = Pick<HealthRules, 'minCanaryViews' | 'alpha' | 'power' | 'minEffect'>;

/** A release's figures as the test counts them: failures never above views (as its failure rate). */
const countsOf = (health: ReleaseHealth) => ({
  views: health.views,
  failures: Math.min(health.views, health.loadFailures + health.renderCrashes + health.hydrationErrors),
});

/**
 * What the sequential test (sequentialTest.ts) says of a canary against the live release over the
 * same window, with the figures it said it on: withdraw, healthy or inconclusive.
 */
export function decisionOf(
  canary: ReleaseHealth,
  live: ReleaseHealth,
  rules: DecisionRules,
  startedAt: string,
  nowMs: number,
): CanaryDecision {
  const { outcome, figures } = sequentialTest(countsOf(canary), countsOf(live), rules);
  return {
    canary,
    live,
    minCanaryViews: rules.minCanaryViews,
    secondsAfterStart: Math.max(0, Math.round((nowMs - Date.parse(startedAt)) / 100) / 10),
    outcome,
    test: figures,
  };
}

/** The first `allowed` failures of an entry, in the order load, render, hydration. */
export function splitFailures(
  entry: Pick<HealthSums, 'loadFailures' | 'renderCrashes' | 'hydrationErrors'>,
  allowed: number,
): Pick<HealthSums, 'loadFailures' | 'renderCrashes' | 'hydrationErrors'> {
  const loadFailures = Math.min(entry.loadFailures, allowed);
  const renderCrashes = Math.min(entry.renderCrashes, allowed - loadFailures);
  const hydrationErrors = Math.min(entry.hydrationErrors, allowed - loadFailures - renderCrashes);
  return { loadFailures, renderCrashes, hydrationErrors };
}

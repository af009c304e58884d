/**
 * The arithmetic of canary health (docs/releasing.md, "Canary releases"): minute buckets and the
 * window they are summed over, a release's failure rate and the withdrawal rule. No I/O:
 * healthService.ts does that (and counts each view token at most once: healthTokens.ts).
 */
import type { CanaryDecision, ReleaseHealth } from 'shared-releases';
import type { AppConfig } from '../config';
import type { HealthSums } from '../db/healthRepository';

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

/**
 * The live release's rate the canary is measured against: only with as many views as a canary
 * needs, else 0 — a live release with a handful of views (or none: a quiet hour, a forger's
 * failures) must neither excuse a broken canary nor condemn a healthy one by chance.
 */
export const baselineOf = (live: ReleaseHealth, rules: Pick<HealthRules, 'minCanaryViews'>): number =>
  live.views >= rules.minCanaryViews ? (live.failureRate ?? 0) : 0;

/** Whether a canary is withdrawn: enough views, and a failure rate above the baseline by more than the margin. */
export function shouldWithdraw(
  canary: ReleaseHealth,
  live: ReleaseHealth,
  rules: Pick<HealthRules, 'minCanaryViews' | 'margin'>,
): boolean {
  if (canary.views < rules.minCanaryViews || canary.failureRate === null) return false;
  return canary.failureRate - baselineOf(live, rules) > rules.margin;
}

export function decisionOf(
  canary: ReleaseHealth,
  live: ReleaseHealth,
  rules: Pick<HealthRules, 'minCanaryViews' | 'margin'>,
  startedAt: string,
  nowMs: number,
): CanaryDecision {
  return {
    canary,
    live,
    minCanaryViews: rules.minCanaryViews,
    margin: rules.margin,
    secondsAfterStart: Math.max(0, Math.round((nowMs - Date.parse(startedAt)) / 100) / 10),
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

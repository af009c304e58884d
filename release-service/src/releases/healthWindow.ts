/**
 * The arithmetic of canary health (docs/releasing.md, "Canary releases"): minute buckets and the
 * window they are summed over, a release's failure rate, the canary's decision, and the per-address
 * cap that keeps one address from deciding anything. No I/O: healthService.ts does that.
 */
import { createHmac, randomBytes } from 'node:crypto';
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

export interface Allowed {
  views: number;
  failures: number;
}

/**
 * Per address, per release and health window, at most `cap` views and `cap` failures count; and
 * never more failures than views counted, so no address alone can push a rate above what its own
 * views allow. Kept in this process's memory (never stored), keyed by an HMAC of the address with a
 * secret made at start-up, so not even a heap dump names an address; forgotten each new window.
 * At most `maxKeys` addresses × releases are remembered per window: past that (a flood from more
 * addresses than real traffic has), reports from addresses not yet seen count for nothing until
 * the next window — a stalled decision, never one forged into being, and memory stays bounded.
 */
export class AddressCaps {
  private window = Number.NaN;
  private used = new Map<string, Allowed>();
  private readonly secret = randomBytes(32);

  constructor(
    private readonly cap: number,
    private readonly windowMinutes: number,
    private readonly maxKeys = 200_000,
  ) {}

  /** How much of a report from `address` for `release` counts at `minute`; the rest is dropped. */
  take(address: string, release: string, minute: number, views: number, failures: number): Allowed {
    const window = Math.floor(minute / this.windowMinutes);
    if (window !== this.window) {
      this.window = window;
      this.used = new Map();
    }
    const key = `${createHmac('sha256', this.secret).update(address).digest('base64url').slice(0, 22)}\n${release}`;
    const known = this.used.get(key);
    if (!known && this.used.size >= this.maxKeys) return { views: 0, failures: 0 };
    const used = known ?? { views: 0, failures: 0 };
    const allowedViews = Math.max(0, Math.min(views, this.cap - used.views));
    const viewsAfter = used.views + allowedViews;
    const allowedFailures = Math.max(0, Math.min(failures, viewsAfter - used.failures));
    this.used.set(key, { views: viewsAfter, failures: used.failures + allowedFailures });
    return { views: allowedViews, failures: allowedFailures };
  }

  /** Addresses × releases remembered in this window (for tests of the pruning). */
  get size(): number {
    return this.used.size;
  }
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

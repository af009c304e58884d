/**
 * A canary's figures over time beside the live release's, for the リリース page's chart
 * (GET /api/releases/:remote/:environment/canary/series; docs/canary-releases.md, "Charts").
 */
import { z } from 'zod';
import type { ReleaseEnvironment } from './environments';
import { versionIdSchema } from './schemas';
import type { VitalMetric } from './vitals';

/** Each Core Web Vital's p75 (LCP and INP in ms, CLS unitless); null where no page load reported it. */
export type VitalsP75 = Record<VitalMetric, number | null>;

/** One release's counts in one bucket, and its vitals' p75 over the bucket's page loads. */
export interface SeriesFigures {
  views: number;
  /** load failures + render crashes + hydration errors, at most one per view */
  failures: number;
  /** failures / views; null without views */
  failureRate: number | null;
  /** absent where the service keeps no vitals (a store without them) */
  p75?: VitalsP75;
}

/** A bucket of `bucketMinutes` minutes from `at`: the canary's figures and the live release's. */
export interface SeriesPoint {
  at: string;
  canary: SeriesFigures;
  live: SeriesFigures;
}

/** What happened to the canary, from the audit log: its start, each share, pause / resume, its end. */
export interface SeriesEvent {
  at: string;
  kind: 'start' | 'percent' | 'pause' | 'resume' | 'promote' | 'abort' | 'withdraw';
  /** the share after it (100 for a promotion, 0 for an abort or withdrawal); null for pause / resume */
  percent: number | null;
  /** done by the service (a step's advance, the withdrawal), not by a person */
  automatic: boolean;
}

export interface CanarySeries {
  remote: string;
  environment: ReleaseEnvironment;
  version: string;
  /** the live release beside it (null: the deployed build) */
  live: string | null;
  startedAt: string;
  /** when it was promoted, aborted or withdrawn; null while it runs */
  endedAt: string | null;
  state: 'running' | 'promoted' | 'aborted' | 'withdrawn';
  bucketMinutes: number;
  /** Counts older than this are no longer kept: buckets before it are empty for that reason. */
  keptSince: string;
  points: SeriesPoint[];
  events: SeriesEvent[];
  /** the vitals' p75 over the whole run, each release's page loads (absent without vitals) */
  p75?: { canary: VitalsP75; live: VitalsP75 };
}

/** The query: a canary's version (default: the canary on the registry line now). */
export const canarySeriesQuerySchema = z.strictObject({ version: versionIdSchema.optional() });
export type CanarySeriesQuery = z.infer<typeof canarySeriesQuerySchema>;

/**
 * Core Web Vitals per release (docs/canary-releases.md, "Core Web Vitals"): the vitals of a health
 * report counted as its view token allows (each metric once per page load, for a release the token
 * names), kept per minute in log-spaced buckets, and the canary's LCP, INP and CLS against the live
 * release's by the sequential test (vitalsTest.ts). Called by healthService.ts, which decides.
 */
import {
  type CanaryDecision,
  type HealthReport,
  type HealthVital,
  type ReleaseEnvironment,
  type VitalDecision,
  VITAL_METRICS,
  type VitalMetric,
  VITAL_QUANTILE_TAIL,
  type VitalsP75,
} from 'shared-releases';
import { servedBy, verifyViewToken } from 'shared-releases/view-token';
import type { VitalCount, VitalRow, VitalsRepository } from '../db/vitalsRepository';
import { type HealthRules, minuteOf } from './healthWindow';
import { bucketOf, type Histogram, quantileOf } from './vitalHistogram';
import { combinedOutcome, vitalDecisionOf } from './vitalsTest';

const histogramsOf = (rows: readonly VitalRow[]): Record<VitalMetric, Histogram> => {
  const histograms = { lcp: new Map(), inp: new Map(), cls: new Map() } as Record<VitalMetric, Histogram>;
  for (const row of rows) {
    const histogram = histograms[row.metric];
    histogram?.set(row.bucket, (histogram.get(row.bucket) ?? 0) + row.samples);
  }
  return histograms;
};

const p75sOf = (rows: readonly VitalRow[]): VitalsP75 => {
  const histograms = histogramsOf(rows);
  return Object.fromEntries(
    VITAL_METRICS.map((metric) => [metric, quantileOf(metric, histograms[metric], 1 - VITAL_QUANTILE_TAIL)]),
  ) as VitalsP75;
};

/** A release's p75s over a span for the chart: per bucket of the series, and over the whole span. */
export interface VitalsSpan {
  /** by the bucket's first minute (a multiple of the bucket's minutes, as the series' points) */
  byBucket: Map<number, VitalsP75>;
  overall: VitalsP75;
}

export function createVitalsService(store: VitalsRepository, rules: HealthRules) {
  return {
    /**
     * Counts the vitals `report`'s token vouches for: a remote and manifest the token names, a
     * release that counts (`releaseOf`, as the health entries), each metric the first time this token
     * reports it. Answers the remotes that got samples.
     */
    async count(
      report: HealthReport,
      nowMs: number,
      releaseOf: (vital: HealthVital) => string | null,
    ): Promise<Set<string>> {
      const remotes = new Set<string>();
      if (!report.vitals?.length) return remotes;
      const ttlMs = rules.tokenTtlSeconds * 1000;
      const token = verifyViewToken(rules.tokenKeys, report.token, nowMs, { ttlMs });
      if (!token) return remotes;
      const vouched = report.vitals.flatMap((vital) => {
        const version = servedBy(token, vital.remote, vital.manifest) ? releaseOf(vital) : null;
        return version === null ? [] : [{ vital, version }];
      });
      const expiresMinute = minuteOf(token.issuedMs + ttlMs) + 1;
      const taken = await store.takeTokens(
        vouched.map(({ vital }) => ({ token: token.id, metric: vital.metric, expiresMinute })),
      );
      const minute = minuteOf(nowMs);
      const counts: VitalCount[] = [];
      vouched.forEach(({ vital, version }, index) => {
        if (!taken[index]) return; // this page load's value of the metric is counted already
        const { environment } = report;
        const { metric, remote, value } = vital;
        counts.push({ environment, remote, version, metric, minute, bucket: bucketOf(metric, value), samples: 1 });
        remotes.add(remote);
      });
      await store.add(counts);
      return remotes;
    },

    /** Each vital of the canary against live's over the same minutes (both releases' histograms summed). */
    async decisions(
      environment: ReleaseEnvironment,
      remote: string,
      versions: { canary: string; live: string },
      sinceMinute: number,
    ): Promise<VitalDecision[]> {
      const [canary, live] = await Promise.all([
        store.sums(environment, remote, versions.canary, sinceMinute).then(histogramsOf),
        store.sums(environment, remote, versions.live, sinceMinute).then(histogramsOf),
      ]);
      return VITAL_METRICS.map((metric) =>
        vitalDecisionOf(metric, canary[metric], live[metric], rules.vitalMargins[metric], rules),
      );
    },

    /** The failure-rate decision with the vitals': their figures, and the outcome of both. */
    withVitals(decision: CanaryDecision, vitals: VitalDecision[]): CanaryDecision {
      const { outcome, withdrawnOn } = combinedOutcome(decision.outcome!, vitals, rules.minCanaryViews);
      return Object.assign({}, decision, { outcome, vitals }, withdrawnOn.length ? { withdrawnOn } : {});
    },

    /** A release's p75s from `fromMinute` to `toMinute` (for charts): a bucket's page loads, not the window's. */
    async span(
      environment: ReleaseEnvironment,
      remote: string,
      version: string,
      { fromMinute, toMinute, bucketMinutes }: { fromMinute: number; toMinute: number; bucketMinutes: number },
    ): Promise<VitalsSpan> {
      const rows = (await store.minutes(environment, remote, version, fromMinute)).filter(
        (row) => row.minute <= toMinute,
      );
      const buckets = new Map<number, VitalRow[]>();
      for (const row of rows) {
        const bucket = row.minute - (row.minute % bucketMinutes);
        const rowsOfBucket = buckets.get(bucket);
        if (rowsOfBucket) rowsOfBucket.push(row);
        else buckets.set(bucket, [row]);
      }
      const byBucket = new Map([...buckets].map(([bucket, of]) => [bucket, p75sOf(of)]));
      return { byBucket, overall: p75sOf(rows) };
    },

    prune: (beforeMinute: number, nowMinute: number) => store.prune(beforeMinute, nowMinute),
  };
}

export type VitalsService = ReturnType<typeof createVitalsService>;

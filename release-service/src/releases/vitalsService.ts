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

/** One minute's p75 of each metric of a release (null: no page load reported it that minute). */
export interface VitalsMinute {
  minute: number;
  p75: Record<VitalMetric, number | null>;
  samples: Record<VitalMetric, number>;
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

    /** A release's p75 per minute (for charts): a minute's own page loads, not the window's. */
    async series(
      environment: ReleaseEnvironment,
      remote: string,
      version: string,
      sinceMinute: number,
    ): Promise<VitalsMinute[]> {
      const byMinute = new Map<number, VitalRow[]>();
      for (const row of await store.minutes(environment, remote, version, sinceMinute)) {
        byMinute.set(row.minute, [...(byMinute.get(row.minute) ?? []), row]);
      }
      return [...byMinute].map(([minute, rows]) => {
        const histograms = histogramsOf(rows);
        const each = <T>(of: (metric: VitalMetric) => T) =>
          Object.fromEntries(VITAL_METRICS.map((metric) => [metric, of(metric)])) as Record<VitalMetric, T>;
        return {
          minute,
          p75: each((metric) => quantileOf(metric, histograms[metric], 1 - VITAL_QUANTILE_TAIL)),
          samples: each((metric) => [...histograms[metric].values()].reduce((sum, count) => sum + count, 0)),
        };
      });
    },

    prune: (beforeMinute: number, nowMinute: number) => store.prune(beforeMinute, nowMinute),
  };
}

export type VitalsService = ReturnType<typeof createVitalsService>;

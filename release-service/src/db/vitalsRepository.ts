/**
 * Where Core Web Vitals are kept (docs/canary-releases.md, "Core Web Vitals"): per environment,
 * remote, release, metric and minute, how many page loads fell in each log-spaced bucket
 * (releases/vitalHistogram.ts) — counts only, nothing about a page or a visitor. Bounded: at most
 * one row per bucket of a metric (≤ 241) per release and minute, pruned with the health rows once
 * the window has passed. Beside them, which view token has counted which metric (one page load
 * counts each metric once), kept until the token expires. Tables of migration 8 (vitalsSchema.ts);
 * one implementation for both engines (kyselyVitalsRepository.ts).
 */
import type { ReleaseEnvironment, VitalMetric } from 'shared-releases';

/** Page loads that fell in one bucket in one minute. */
export interface VitalCount {
  environment: ReleaseEnvironment;
  remote: string;
  /** the release's version, '' for the remote's deployed build */
  version: string;
  metric: VitalMetric;
  /** minutes since the Unix epoch */
  minute: number;
  bucket: number;
  samples: number;
}

/** A view token's claim to count one metric: once per token and metric, whichever remote it names. */
export interface VitalTokenUse {
  token: string;
  metric: VitalMetric;
  /** the minute from which the token is expired: its row may go */
  expiresMinute: number;
}

/** One minute's bucket of a release, as summed or listed. */
export type VitalRow = Pick<VitalCount, 'metric' | 'minute' | 'bucket' | 'samples'>;

export interface VitalsRepository {
  /**
   * Marks each use as taken, atomically across every instance on the database; answers, in order,
   * whether it was the first (and so counts). `uses` has at most one per metric.
   */
  takeTokens(uses: readonly VitalTokenUse[]): Promise<boolean[]>;
  /** Adds each count to its row (created at zero). */
  add(counts: readonly VitalCount[]): Promise<void>;
  /** A release's buckets summed over its rows from `sinceMinute` on (minute is `sinceMinute`). */
  sums(environment: ReleaseEnvironment, remote: string, version: string, sinceMinute: number): Promise<VitalRow[]>;
  /** A release's rows from `sinceMinute` on, one per minute and bucket (for charts per minute). */
  minutes(environment: ReleaseEnvironment, remote: string, version: string, sinceMinute: number): Promise<VitalRow[]>;
  /** Drops the rows of minutes before `beforeMinute`, and the token uses expired at `nowMinute`. */
  prune(beforeMinute: number, nowMinute: number): Promise<void>;
}

/**
 * The counts with one per row (a row's samples added up), in one key order: one statement may not
 * upsert a row twice (PostgreSQL), and two reports upserting the same rows lock them in the same order.
 */
export function inKeyOrder(counts: readonly VitalCount[]): VitalCount[] {
  const rows = new Map<string, VitalCount>();
  for (const count of counts) {
    const key = [count.environment, count.remote, count.version, count.metric, count.minute, count.bucket].join('\n');
    const row = rows.get(key);
    if (row) row.samples += count.samples;
    else rows.set(key, Object.assign({}, count));
  }
  return [...rows.keys()].sort().map((key) => rows.get(key)!);
}

export const vitalRowOf = (row: Record<keyof VitalRow, string | number>): VitalRow => ({
  metric: row.metric as VitalMetric,
  minute: Number(row.minute),
  bucket: Number(row.bucket),
  samples: Number(row.samples),
});

/**
 * Where the health reports are counted (table release_health): per environment,
 * remote, release ('' for the deployed build) and minute, the page views and failures browsers
 * reported. Counts only — no address, no page, nothing that names a visitor. Ephemeral: rows older
 * than the health window and the canary chart's day are pruned, and db:copy-to-postgres leaves them
 * behind. Beside them, what
 * each view token has counted (table release_health_tokens), kept until the token expires.
 */
import type { ReleaseEnvironment } from 'shared-releases';

export interface HealthSums {
  views: number;
  loadFailures: number;
  renderCrashes: number;
  hydrationErrors: number;
}

export interface HealthCount extends HealthSums {
  environment: ReleaseEnvironment;
  remote: string;
  /** the release's version, '' for the remote's deployed build */
  version: string;
  /** minutes since the Unix epoch */
  minute: number;
}

export interface SeriesQuery {
  versions: readonly string[];
  fromMinute: number;
  toMinute: number;
  bucketMinutes: number;
}

export interface HealthBucket extends HealthSums {
  version: string;
  minute: number;
}

/** What one report asks of one view token for one remote (views capped, failures ≤ views). */
export interface TokenUse {
  token: string;
  remote: string;
  /** the minute from which the token is expired: its row may go */
  expiresMinute: number;
  views: number;
  failures: number;
}

/** How much of a TokenUse counts: what the token had left (0 and 0 once used up). */
export interface TokenTaken {
  views: number;
  failures: number;
}

export interface HealthRepository {
  /**
   * Takes `uses` from their tokens' allowance, atomically per token and remote across every
   * instance on the database: a token and remote count at most `cap` views in all, and a use no
   * more failures than the views it got. One answer per use, in order; `uses` has one per token and remote.
   */
  takeTokens(uses: readonly TokenUse[], cap: number): Promise<TokenTaken[]>;
  /** Adds each count to its row (created at zero); one row per key in `counts`. */
  add(counts: readonly HealthCount[]): Promise<void>;
  /** A release's sums over its rows from `sinceMinute` on. */
  sums(environment: ReleaseEnvironment, remote: string, version: string, sinceMinute: number): Promise<HealthSums>;
  /**
   * The releases' sums per bucket of `bucketMinutes` minutes (aligned to the epoch: `minute` is the
   * bucket's first) over minutes `fromMinute`–`toMinute`, for the canary chart; no row for an empty bucket.
   */
  series(environment: ReleaseEnvironment, remote: string, query: SeriesQuery): Promise<HealthBucket[]>;
  /** Drops the rows of minutes before `beforeMinute`, and the tokens expired at `nowMinute`. */
  prune(beforeMinute: number, nowMinute: number): Promise<void>;
}

export const NO_HEALTH: HealthSums = { views: 0, loadFailures: 0, renderCrashes: 0, hydrationErrors: 0 };

export const sumsOf = (row: Record<keyof HealthSums, number | string> | undefined): HealthSums =>
  row
    ? {
        views: Number(row.views),
        loadFailures: Number(row.loadFailures),
        renderCrashes: Number(row.renderCrashes),
        hydrationErrors: Number(row.hydrationErrors),
      }
    : NO_HEALTH;

/** A use as first inserted: at most `cap` views, no more failures than those. */
export function firstTake(use: TokenUse, cap: number): TokenUse {
  const views = Math.min(use.views, cap);
  return Object.assign({}, use, { views, failures: Math.min(use.failures, views) });
}

/**
 * Where the health reports are counted (table release_health): per environment,
 * remote, release ('' for the deployed build) and minute, the page views and failures browsers
 * reported. Counts only — no address, no page, nothing that names a visitor. Ephemeral: rows older
 * than the health window and the canary chart's day are pruned, and db:copy-to-postgres leaves them
 * behind. Beside them, what
 * each view token has counted (table release_health_tokens), kept until the token expires.
 */
import type { ReleaseEnvironment } from 'shared-releases';
import { splitFailures } from '../releases/healthWindow';

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

/**
 * A TokenUse with where what it gets is counted: the row of its remote's release and minute, and
 * the report's failures by kind (what the token allows of them is split in this order: splitFailures).
 */
export interface CountedUse
  extends
    TokenUse,
    Pick<HealthCount, 'environment' | 'version' | 'minute' | 'loadFailures' | 'renderCrashes' | 'hydrationErrors'> {}

export interface HealthRepository {
  /**
   * Takes `uses` from their tokens' allowance, atomically per token and remote across every
   * instance on the database: a token and remote count at most `cap` views in all, and a use no
   * more failures than the views it got. One answer per use, in order; `uses` has one per token and remote.
   */
  takeTokens(uses: readonly TokenUse[], cap: number): Promise<TokenTaken[]>;
  /** Adds each count to its row (created at zero); one row per key in `counts`. */
  add(counts: readonly HealthCount[]): Promise<void>;
  /**
   * takeTokens, then what each use got added to its row (countsOf): one statement on PostgreSQL
   * (the report's one round trip), the two calls in turn on SQLite. A use that got nothing adds nothing.
   */
  takeAndCount(uses: readonly CountedUse[], cap: number): Promise<TokenTaken[]>;
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

const countKey = (count: HealthCount) => `${count.environment}\n${count.remote}\n${count.version}\n${count.minute}`;

/** The counts of one row summed (new objects): a statement may upsert each row once. */
export function mergedCounts(counts: readonly HealthCount[]): HealthCount[] {
  const byKey = new Map<string, HealthCount>();
  for (const count of counts) {
    const known = byKey.get(countKey(count));
    if (!known) byKey.set(countKey(count), Object.assign({}, count));
    else
      for (const field of ['views', 'loadFailures', 'renderCrashes', 'hydrationErrors'] as const)
        known[field] += count[field];
  }
  return [...byKey.values()];
}

/** What `uses` got (`taken`, in order) as counts, one per row: views taken, failures split by kind. */
export function countsOf(uses: readonly CountedUse[], taken: readonly TokenTaken[]): HealthCount[] {
  const counts = uses.flatMap((use, index): HealthCount[] => {
    const { views, failures } = taken[index]!;
    if (views === 0 && failures === 0) return []; // the token is used up
    const { environment, remote, version, minute } = use;
    return [Object.assign({ environment, remote, version, minute, views }, splitFailures(use, failures))];
  });
  return mergedCounts(counts);
}

/** Each use's row of a RETURNING (which promises no order), as its answer; 0 and 0 without one. */
export function takenInOrder(
  uses: readonly Pick<TokenUse, 'token' | 'remote'>[],
  rows: readonly ({ token: string; remote: string } & TokenTaken)[],
): TokenTaken[] {
  const taken = new Map(rows.map((row) => [`${row.token}\n${row.remote}`, row]));
  return uses.map((use) => {
    const row = taken.get(`${use.token}\n${use.remote}`);
    return { views: row?.views ?? 0, failures: row?.failures ?? 0 };
  });
}

/**
 * A @fastify/rate-limit store in PostgreSQL, so every instance counts against the same totals:
 * one upsert per counted request, a fixed window from the first hit (like the plugin's own
 * in-process store), timed by the database's clock so instances' clocks need not agree.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const INCREMENT = `
  INSERT INTO rate_limits AS counter (key, hits, expires_at)
  VALUES ($1, 1, clock_timestamp() + make_interval(secs => $2 / 1000.0))
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN counter.expires_at > clock_timestamp() THEN counter.hits + 1 ELSE 1 END,
    expires_at = CASE WHEN counter.expires_at > clock_timestamp() THEN counter.expires_at
                      ELSE clock_timestamp() + make_interval(secs => $2 / 1000.0) END
  RETURNING hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM expires_at - clock_timestamp()) * 1000))::int AS ttl`;

export interface PostgresRateLimitStore {
  store: FastifyRateLimitStoreCtor;
  /** Stops the periodic removal of expired counters. */
  stop(): void;
}

export function createPostgresRateLimitStore(pool: pg.Pool, sweepEveryMs = 60_000): PostgresRateLimitStore {
  class Store implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      pool.query<{ hits: number; ttl: number }>(INCREMENT, [key, timeWindow ?? 60_000]).then(
        ({ rows: [row] }) =>
          row ? callback(null, { current: row.hits, ttl: row.ttl }) : callback(new Error('rate limit: no counter row')),
        (error: Error) => callback(error),
      );
    }

    /** Keys already name their limiter (see routes/rateLimits.ts), so one table serves every limiter. */
    child(): FastifyRateLimitStore {
      return this;
    }
  }

  // Expired counters are reset on their next hit anyway; the sweep only keeps the table small.
  const sweep = setInterval(() => {
    pool.query('DELETE FROM rate_limits WHERE expires_at < clock_timestamp()').catch(() => {});
  }, sweepEveryMs);
  sweep.unref();

  return { store: Store as unknown as FastifyRateLimitStoreCtor, stop: () => clearInterval(sweep) };
}

/**
 * A @fastify/rate-limit store in PostgreSQL, so every instance counts against the same totals: a
 * fixed window from the first hit (like the plugin's own in-process store), timed by the
 * database's clock so instances' clocks need not agree. The hits of requests that arrive while
 * one upsert is in the database go together in the next (service-kit's rounds.ts): at 1,000 health
 * reports a second, a report's limit was the one statement it made alone.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';
import { inRounds } from '../rounds';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Hit {
  key: string;
  windowMs: number;
}
interface Counter {
  current: number;
  ttl: number;
}

// One row per key (a key appears once a round: rounds.ts keeps a second hit of it for the next),
// upserted in key order, so two instances' rounds lock shared counters in one order (no deadlock).
const INCREMENT = `
  INSERT INTO rate_limits AS counter (key, hits, expires_at)
  SELECT hit.key, 1, clock_timestamp() + make_interval(secs => hit.window_ms / 1000.0)
    FROM unnest($1::text[], $2::float8[]) AS hit(key, window_ms)
    ORDER BY hit.key
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN counter.expires_at > clock_timestamp() THEN counter.hits + 1 ELSE 1 END,
    expires_at = CASE WHEN counter.expires_at > clock_timestamp() THEN counter.expires_at
                      ELSE EXCLUDED.expires_at END
  RETURNING key, hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM expires_at - clock_timestamp()) * 1000))::int AS ttl`;

export interface PostgresRateLimitStore {
  store: FastifyRateLimitStoreCtor;
  /** Stops the periodic removal of expired counters. */
  stop(): void;
}

export function createPostgresRateLimitStore(pool: pg.Pool, sweepEveryMs = 60_000): PostgresRateLimitStore {
  const increment = inRounds(
    async (hits: Hit[]): Promise<Counter[]> => {
      const { rows } = await pool.query<{ key: string; hits: number; ttl: number }>(INCREMENT, [
        hits.map((hit) => hit.key),
        hits.map((hit) => hit.windowMs),
      ]);
      const byKey = new Map(rows.map((row) => [row.key, { current: row.hits, ttl: row.ttl }]));
      return hits.map((hit) => {
        const counter = byKey.get(hit.key);
        if (!counter) throw new Error('rate limit: no counter row');
        return counter;
      });
    },
    (hit) => hit.key,
  );

  class Store implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      increment([{ key, windowMs: timeWindow ?? 60_000 }]).then(
        ([counter]) => callback(null, counter),
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

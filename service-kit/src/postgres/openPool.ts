import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { createPool } from './pool';

/**
 * How long a starting service waits for its database to answer: PostgreSQL restarting beside it,
 * or a machine so busy that opening a connection takes longer than the pool's 5 s. Past it, the
 * start fails with the last error (and the platform starts the process again).
 */
export const STARTUP_WAIT_MS = 60_000;

/** The causes worth waiting out; anything else (a wrong password, no such database) fails at once. */
const NOT_YET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', '57P03']);
const NOT_YET_MESSAGE = /connection timeout|timeout exceeded when trying to connect/i;

function notReachableYet(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && NOT_YET_CODES.has(code)) ||
    (typeof message === 'string' && NOT_YET_MESSAGE.test(message))
  );
}

/**
 * One connection opened before the migrations (which then reuse it from the pool), tried again
 * while the database is not reachable yet, each wait twice the last (up to 5 s), each with a warning.
 */
async function waitForDatabase(pool: pg.Pool, waitMs: number, log: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (let delayMs = 250; ; delayMs = Math.min(delayMs * 2, 5_000)) {
    try {
      (await pool.connect()).release();
      return;
    } catch (error) {
      if (!notReachableYet(error) || Date.now() + delayMs > deadline) throw error;
      log.warn({ err: error }, `PostgreSQL not reachable yet; trying again in ${delayMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

/**
 * A service's pool, migrated before it is handed out (closed again when the migrations fail). A
 * connection the server drops (restart, failover) must not crash the process: an idle one the pool
 * discards with a warning and replaces on the next query.
 */
export async function openMigratedPool(
  {
    url,
    poolMax,
    name,
    log,
    startupWaitMs = STARTUP_WAIT_MS,
  }: { url: string; poolMax: number; name: string; log: Pick<FastifyBaseLogger, 'warn'>; startupWaitMs?: number },
  migrate: (pool: pg.Pool) => Promise<unknown>,
): Promise<pg.Pool> {
  const pool = createPool(url, poolMax, name);
  pool.on('error', (error) => log.warn({ err: error }, 'idle PostgreSQL connection lost'));
  // A checked-out one has no listener of the pool's (pg-pool removes it while a request holds the
  // connection): dropped between two of that request's queries, its 'error' event would be an
  // uncaught exception ending the whole instance. The request's next query fails instead (the
  // service answers 503) and the connection, released broken, is discarded.
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await waitForDatabase(pool, startupWaitMs, log);
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

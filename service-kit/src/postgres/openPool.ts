import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { createPool } from './pool';

/**
 * A service's pool, migrated before it is handed out (closed again when the migrations fail). A
 * connection the server drops (restart, failover) must not crash the process: an idle one the pool
 * discards with a warning and replaces on the next query.
 */
export async function openMigratedPool(
  { url, poolMax, name, log }: { url: string; poolMax: number; name: string; log: Pick<FastifyBaseLogger, 'warn'> },
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
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { createPool } from './pool';

/**
 * A service's pool, migrated before it is handed out (closed again when the migrations fail). An
 * idle connection the server drops (restart, failover) must not crash the process: the pool
 * discards it and opens a new one on the next query.
 */
export async function openMigratedPool(
  { url, poolMax, name, log }: { url: string; poolMax: number; name: string; log: Pick<FastifyBaseLogger, 'warn'> },
  migrate: (pool: pg.Pool) => Promise<unknown>,
): Promise<pg.Pool> {
  const pool = createPool(url, poolMax, name);
  pool.on('error', (error) => log.warn({ err: error }, 'idle PostgreSQL connection lost'));
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

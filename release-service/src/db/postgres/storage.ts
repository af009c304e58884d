/** The PostgreSQL engine: a connection pool per instance, any number of instances on one database. */
import type { FastifyBaseLogger } from 'fastify';
import { createPool, createPostgresRateLimitStore, describePostgresUrl } from 'service-kit/postgres';
import type { Storage } from '../storage';
import { createPostgresHealthRepository } from './healthRepository';
import { migratePostgres } from './migrations';
import { createPostgresReleaseRepository } from './releaseRepository';

export interface PostgresStorageOptions {
  url: string;
  poolMax: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export async function openPostgresStorage({ url, poolMax, log }: PostgresStorageOptions): Promise<Storage> {
  const pool = createPool(url, poolMax, 'release-service');
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // discards it and opens a new one on the next query.
  pool.on('error', (error) => log.warn({ err: error }, 'idle PostgreSQL connection lost'));
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const rateLimits = createPostgresRateLimitStore(pool);
  return {
    engine: 'postgres',
    releases: createPostgresReleaseRepository(pool),
    health: createPostgresHealthRepository(pool),
    description: describePostgresUrl(url),
    rateLimitStore: rateLimits.store,
    close: async () => {
      rateLimits.stop();
      await pool.end();
    },
  };
}

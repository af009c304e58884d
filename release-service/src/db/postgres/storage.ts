/** The PostgreSQL engine: a connection pool per instance, any number of instances on one database. */
import type { FastifyBaseLogger } from 'fastify';
import { createPostgresRateLimitStore, describePostgresUrl, openMigratedPool } from 'service-kit/postgres';
import type { Storage } from '../storage';
import { createPostgresHealthRepository } from './healthRepository';
import { migratePostgres } from './migrations';
import { createPostgresReleaseRepository } from './releaseRepository';
import { createPostgresVitalsRepository } from './vitalsRepository';

export interface PostgresStorageOptions {
  url: string;
  poolMax: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export async function openPostgresStorage({ url, poolMax, log }: PostgresStorageOptions): Promise<Storage> {
  const pool = await openMigratedPool({ url, poolMax, name: 'release-service', log }, (pool) => migratePostgres(pool));
  const rateLimits = createPostgresRateLimitStore(pool);
  return {
    engine: 'postgres',
    releases: createPostgresReleaseRepository(pool),
    health: createPostgresHealthRepository(pool),
    vitals: createPostgresVitalsRepository(pool),
    description: describePostgresUrl(url),
    rateLimitStore: rateLimits.store,
    close: async () => {
      rateLimits.stop();
      await pool.end();
    },
  };
}

/** The PostgreSQL engine: a connection pool per instance, any number of instances on one database. */
import type { FastifyBaseLogger } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { createPostgresRateLimitStore, describePostgresUrl, openMigratedPool } from 'service-kit/postgres';
import { createHealthRepository } from '../kyselyHealthRepository';
import { createReleaseRepository } from '../kyselyReleaseRepository';
import { createVitalsRepository } from '../kyselyVitalsRepository';
import type { ReleaseEngine, ReleaseTables } from '../releaseDatabase';
import type { Storage } from '../storage';
import { migratePostgres } from './migrations';

const postgresEngine: ReleaseEngine = {
  now: sql<string>`now()`,
  least: (a, b) => sql<number>`LEAST(${a}, ${b})`,
  // Changes of one key made by any instance wait here in turn, and each sees what the one before
  // it committed.
  async lock(trx, key) {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  },
  madeLast: sql.ref('version'),
};

export interface PostgresStorageOptions {
  url: string;
  poolMax: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export async function openPostgresStorage({ url, poolMax, log }: PostgresStorageOptions): Promise<Storage> {
  const pool = await openMigratedPool({ url, poolMax, name: 'release-service', log }, (pool) => migratePostgres(pool));
  const rateLimits = createPostgresRateLimitStore(pool);
  // Over the same pool (its int8 parsing, timeouts and limits); closing the storage ends the pool.
  const kysely = new Kysely<ReleaseTables>({ dialect: new PostgresDialect({ pool }) });
  return {
    engine: 'postgres',
    releases: createReleaseRepository(kysely, postgresEngine),
    health: createHealthRepository(kysely, postgresEngine),
    vitals: createVitalsRepository(kysely),
    description: describePostgresUrl(url),
    rateLimitStore: rateLimits.store,
    close: async () => {
      rateLimits.stop();
      await pool.end();
    },
  };
}

/** The PostgreSQL engine: a connection pool per instance, any number of instances on one database. */
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../storage';
import { createPostgresArticleRepository } from './articleRepository';
import { sharedFreshRead } from './freshRead';
import { migratePostgres } from './migrations';
import { createPostgresRateLimitStore, describePostgresUrl, openMigratedPool } from 'service-kit/postgres';

export interface PostgresStorageOptions {
  url: string;
  poolMax: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export async function openPostgresStorage({ url, poolMax, log }: PostgresStorageOptions): Promise<Storage> {
  const pool = await openMigratedPool({ url, poolMax, name: 'article-api', log }, (pool) => migratePostgres(pool));
  const rateLimits = createPostgresRateLimitStore(pool);
  const contentVersion = sharedFreshRead(async () => {
    const { rows } = await pool.query<{ token: string }>(
      "SELECT epoch || '-' || version AS token FROM content_version WHERE id = 1",
    );
    const token = rows[0]?.token;
    if (token === undefined) throw new Error('content_version has no row (migrations not applied?)');
    return token;
  });
  return {
    engine: 'postgres',
    repository: createPostgresArticleRepository(pool),
    description: describePostgresUrl(url),
    contentVersion,
    rateLimitStore: rateLimits.store,
    close: async () => {
      rateLimits.stop();
      await pool.end();
    },
  };
}

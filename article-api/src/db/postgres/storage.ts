/** The PostgreSQL engine: a connection pool per instance, any number of instances on one database. */
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../storage';
import { createPostgresArticleRepository } from './articleRepository';
import { sharedFreshRead } from './freshRead';
import { createPostgresHealthRepository } from './healthRepository';
import { migratePostgres } from './migrations';
import { createPool } from './pool';
import { createPostgresReleaseRepository } from './releaseRepository';
import { createPostgresRateLimitStore } from './rateLimitStore';

export interface PostgresStorageOptions {
  url: string;
  poolMax: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** host:port/database of a postgres:// URL, without user or password. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL ${parsed.host}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

export async function openPostgresStorage({ url, poolMax, log }: PostgresStorageOptions): Promise<Storage> {
  const pool = createPool(url, poolMax);
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
    releases: createPostgresReleaseRepository(pool),
    health: createPostgresHealthRepository(pool),
    description: describePostgresUrl(url),
    contentVersion,
    rateLimitStore: rateLimits.store,
    close: async () => {
      rateLimits.stop();
      await pool.end();
    },
  };
}

/** The PostgreSQL engine: a connection pool per instance, any number of instances on one database. */
import type { FastifyBaseLogger } from 'fastify';
import { Kysely, PostgresDialect, type SqlBool, sql } from 'kysely';
import { createPostgresRateLimitStore, describePostgresUrl, openMigratedPool } from 'service-kit/postgres';
import { type ArticleEngine, createArticleRepository } from '../kyselyArticleRepository';
import type { ArticleTables } from '../rows';
import type { Storage } from '../storage';
import { sharedFreshRead } from './freshRead';
import { migratePostgres } from './migrations';

const postgresEngine: ArticleEngine = {
  // The date as the model writes it, whatever DateStyle the server is set to.
  date: sql<string>`to_char(date, 'YYYY-MM-DD')`,
  now: sql<string>`now()`,
  // PostgreSQL text cannot hold NUL and refuses a parameter with one: such a value names no row.
  storable: (text) => !text.includes('\u0000'),
  isUniqueSlugViolation(error) {
    if (typeof error !== 'object' || error === null) return false;
    const { code, constraint } = error as { code?: unknown; constraint?: unknown };
    return code === '23505' && typeof constraint === 'string' && constraint.endsWith('_slug_key');
  },
  // Creates deriving the same base (any instance) wait here in turn, and each sees the slugs
  // committed before it.
  async lockSlug(trx, base) {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`slug:${base}`}))`.execute(trx);
  },
  // The id first, so the fallback slug can name it in the same insert.
  async reserveId(trx) {
    const { rows } = await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('articles', 'id')) AS id`.execute(
      trx,
    );
    return rows[0]!.id;
  },
  relatesTo: (id) => sql<SqlBool>`related_articles @> jsonb_build_array(${id}::bigint)`,
};

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
  // Over the same pool (its int8 parsing, timeouts and limits); closing the storage ends the pool.
  const kysely = new Kysely<ArticleTables>({ dialect: new PostgresDialect({ pool }) });
  return {
    engine: 'postgres',
    repository: createArticleRepository(kysely, postgresEngine),
    description: describePostgresUrl(url),
    contentVersion,
    rateLimitStore: rateLimits.store,
    close: async () => {
      rateLimits.stop();
      await pool.end();
    },
  };
}

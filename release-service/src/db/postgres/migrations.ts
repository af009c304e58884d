/**
 * The release service's PostgreSQL schema (releaseSchema.ts): the same versions as SQLite's plus
 * the shared rate-limit counters, recorded in release_schema_migrations under the service's own
 * advisory lock, so that it may share a server (or even a database) with the article API.
 */
import type pg from 'pg';
import { type PostgresMigration, runPostgresMigrations } from 'service-kit/postgres';
import { migrationList } from '../releaseSchema';
import { MIGRATION_TABLE } from '../sqlite/migrations';
import { POSTGRES_SCHEMA } from './releaseSchema';

/** Any constant: the key of the advisory lock migrations take. */
const MIGRATION_LOCK = 0x72656c73; // "rels"

export const postgresMigrations: readonly PostgresMigration[] = migrationList(
  POSTGRES_SCHEMA,
  (sql) => async (client: pg.PoolClient) => {
    await client.query(sql);
  },
);

export function migratePostgres(pool: pg.Pool): Promise<number[]> {
  return runPostgresMigrations(pool, {
    list: postgresMigrations,
    lockKey: MIGRATION_LOCK,
    context: undefined,
    table: MIGRATION_TABLE,
  });
}

/**
 * The release service's SQLite schema (releaseSchema.ts) as numbered migrations, recorded in
 * release_schema_migrations (its own record table, so it never mistakes another service's versions
 * for its own).
 */
import { runSqliteMigrations, type SqliteDatabase, type SqliteMigration } from 'service-kit/sqlite';
import { migrationList } from '../releaseSchema';
import { SQLITE_SCHEMA } from './releaseSchema';

export const MIGRATION_TABLE = 'release_schema_migrations';

export const sqliteMigrations: readonly SqliteMigration[] = migrationList(
  SQLITE_SCHEMA,
  (sql) => (db: SqliteDatabase) => {
    db.exec(sql);
  },
);

/** Applies the migrations not yet recorded, in version order; returns the versions applied now. */
export function migrateSqlite(db: SqliteDatabase): number[] {
  return runSqliteMigrations(db, { list: sqliteMigrations, context: undefined, table: MIGRATION_TABLE });
}

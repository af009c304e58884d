/**
 * The release service's SQLite schema as numbered migrations, recorded in release_schema_migrations
 * (its own record table, so it never mistakes another service's versions for its own).
 */
import { runSqliteMigrations, type SqliteDatabase, type SqliteMigration } from 'service-kit/sqlite';
import {
  RELEASE_CANARY_SQLITE,
  RELEASE_CANARY_PLAN_SQLITE,
  RELEASE_HEALTH_TOKENS_SQLITE,
  RELEASE_OPERATIONS_SQLITE,
  RELEASE_REFUSAL_MINUTES_SQLITE,
  RELEASE_REGISTRY_SQLITE,
} from './releaseSchema';
import { RELEASE_VITALS_SQLITE } from '../vitalsSchema';

export const MIGRATION_TABLE = 'release_schema_migrations';

export const sqliteMigrations: readonly SqliteMigration[] = [
  {
    version: 1,
    name: 'create release registry',
    up(db) {
      db.exec(RELEASE_REGISTRY_SQLITE);
    },
  },
  {
    version: 2,
    name: 'canary releases and release health',
    up(db) {
      db.exec(RELEASE_CANARY_SQLITE);
    },
  },
  {
    // 3 is PostgreSQL's shared rate-limit table: SQLite keeps its counters in the process.
    version: 4,
    name: 'release operation outcomes',
    up(db) {
      db.exec(RELEASE_OPERATIONS_SQLITE);
    },
  },
  {
    version: 5,
    name: 'release refusals summed per minute',
    up(db) {
      db.exec(RELEASE_REFUSAL_MINUTES_SQLITE);
    },
  },
  {
    version: 6,
    name: 'view tokens used',
    up(db) {
      db.exec(RELEASE_HEALTH_TOKENS_SQLITE);
    },
  },
  {
    version: 7,
    name: 'canary steps',
    up(db) {
      db.exec(RELEASE_CANARY_PLAN_SQLITE);
    },
  },
  {
    version: 8,
    name: 'core web vitals per release',
    up(db) {
      db.exec(RELEASE_VITALS_SQLITE);
    },
  },
];

/** Applies the migrations not yet recorded, in version order; returns the versions applied now. */
export function migrateSqlite(db: SqliteDatabase): number[] {
  return runSqliteMigrations(db, { list: sqliteMigrations, context: undefined, table: MIGRATION_TABLE });
}

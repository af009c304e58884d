/**
 * One face over both engines' migration runners, so migrations.test.ts states each rule once:
 * a fresh database of the engine under test, raw SQL, and migrations written for that engine.
 */
import { type Migration, migrate, migrations as sqliteMigrations } from '../../src/db/sqlite/migrations';
import { openDatabase } from 'service-kit/sqlite';
import { migratePostgres, type PostgresMigration, postgresMigrations } from '../../src/db/postgres/migrations';
import { createPool } from 'service-kit/postgres';
import { createPostgresDatabase, ENGINE, postgresRawSql, type RawSql, sqliteRawSql } from 'service-kit/testing';

export interface MigrationHarness extends RawSql {
  /** The engine's own migrations. */
  readonly versions: readonly { version: number; name: string }[];
  /** `upTo`: only the engine's migrations up to that version (a database as an older release left it). */
  migrate(options?: { seed?: boolean; extra?: readonly ExtraMigration[]; upTo?: number }): Promise<number[]>;
}

/** A test migration: the SQL it runs, then optionally a failure. */
export interface ExtraMigration {
  version: number;
  name: string;
  sql: string;
  fails?: boolean;
}

export async function openMigrationHarness(): Promise<MigrationHarness> {
  return ENGINE === 'postgres' ? postgresHarness(createPostgresDatabase()) : sqliteHarness();
}

function sqliteHarness(): MigrationHarness {
  const db = openDatabase(':memory:');
  const asMigration = ({ version, name, sql, fails }: ExtraMigration): Migration => ({
    version,
    name,
    up: (database) => {
      database.exec(sql);
      if (fails) throw new Error('boom');
    },
  });
  return {
    versions: sqliteMigrations,
    migrate: async ({ seed = true, extra = [], upTo = Infinity } = {}) =>
      migrate(db, { seed }, [...sqliteMigrations.filter((m) => m.version <= upTo), ...extra.map(asMigration)]),
    ...sqliteRawSql(db),
  };
}

export function postgresHarness(url: string): MigrationHarness {
  const pool = createPool(url, 4);
  const asMigration = ({ version, name, sql, fails }: ExtraMigration): PostgresMigration => ({
    version,
    name,
    up: async (client) => {
      await client.query(sql);
      if (fails) throw new Error('boom');
    },
  });
  return {
    versions: postgresMigrations,
    migrate: ({ seed = true, extra = [], upTo = Infinity } = {}) =>
      migratePostgres(pool, { seed }, [
        ...postgresMigrations.filter((m) => m.version <= upTo),
        ...extra.map(asMigration),
      ]),
    ...postgresRawSql(pool),
  };
}

/** The SQLite engine: one file (or `:memory:`) opened by this process, migrated on open. */
import path from 'node:path';
import { Kysely, SqliteDialect, type SqliteDatabase as KyselySqlite, sql } from 'kysely';
import { openDatabase, type SqliteDatabase } from 'service-kit/sqlite';
import { createHealthRepository } from '../kyselyHealthRepository';
import { createReleaseRepository } from '../kyselyReleaseRepository';
import { createVitalsRepository } from '../kyselyVitalsRepository';
import type { ReleaseEngine, ReleaseTables } from '../releaseDatabase';
import type { Storage } from '../storage';
import { migrateSqlite } from './migrations';

const sqliteEngine: ReleaseEngine = {
  now: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  least: (a, b) => sql<number>`MIN(${a}, ${b})`,
  // Nothing to lock: Kysely runs one query or transaction at a time on the one connection, and
  // one SQLite file means one instance.
  lock: async () => {},
  // created_at has milliseconds: versions made in one of them, newest inserted first.
  madeLast: sql`rowid`,
};

/** How many statements are kept: more than the service's queries (a few sizes of IN lists included). */
const STATEMENTS_KEPT = 200;

/**
 * The database as Kysely sees it, its statements prepared once per SQL text: Kysely prepares every
 * query anew, which cost more than running it (a health report's queries took several times as
 * long). One query at a time runs on the connection (Kysely's mutex), so a statement is never
 * used twice at once; SQLite prepares a kept statement again by itself after a schema change.
 */
function keepingStatements(db: SqliteDatabase): KyselySqlite {
  const statements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  return {
    close: () => db.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (statement === undefined) {
        statement = db.prepare(text);
        // The oldest goes first: a Map keeps insertion order.
        if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

export function openSqliteStorage(databasePath: string): Storage {
  const db = openDatabase(databasePath);
  try {
    migrateSqlite(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const kysely = new Kysely<ReleaseTables>({ dialect: new SqliteDialect({ database: keepingStatements(db) }) });
  return {
    engine: 'sqlite',
    releases: createReleaseRepository(kysely, sqliteEngine),
    health: createHealthRepository(kysely, sqliteEngine),
    vitals: createVitalsRepository(kysely),
    description: path.basename(databasePath),
    // The plugin's in-process counters: one SQLite file means one instance.
    rateLimitStore: null,
    close: async () => {
      db.close();
    },
  };
}

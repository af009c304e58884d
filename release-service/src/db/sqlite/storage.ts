/** The SQLite engine: one file (or `:memory:`) opened by this process, migrated on open. */
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { keepingStatements, openDatabase } from 'service-kit/sqlite';
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

/** The SQLite engine: one file (or `:memory:`) opened by this process, migrated on open. */
import path from 'node:path';
import { openDatabase } from 'service-kit/sqlite';
import type { Storage } from '../storage';
import { createSqliteHealthRepository } from './healthRepository';
import { migrateSqlite } from './migrations';
import { createSqliteReleaseRepository } from './releaseRepository';
import { createSqliteVitalsRepository } from './vitalsRepository';

export function openSqliteStorage(databasePath: string): Storage {
  const db = openDatabase(databasePath);
  try {
    migrateSqlite(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    engine: 'sqlite',
    releases: createSqliteReleaseRepository(db),
    health: createSqliteHealthRepository(db),
    vitals: createSqliteVitalsRepository(db),
    description: path.basename(databasePath),
    // The plugin's in-process counters: one SQLite file means one instance.
    rateLimitStore: null,
    close: async () => {
      db.close();
    },
  };
}

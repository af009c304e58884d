/** The SQLite engine: one file (or `:memory:`) opened by this process, migrated on open. */
import path from 'node:path';
import type { Storage } from '../storage';
import { createArticleRepository } from './articleRepository';
import { openDatabase } from 'service-kit/sqlite';
import { migrate } from './migrations';

export function openSqliteStorage(databasePath: string): Storage {
  const db = openDatabase(databasePath);
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const version = db.prepare<[], { epoch: string; version: number }>(
    'SELECT epoch, version FROM content_version WHERE id = 1',
  );
  return {
    engine: 'sqlite',
    repository: createArticleRepository(db),
    description: path.basename(databasePath),
    contentVersion: async () => {
      const row = version.get()!;
      return `${row.epoch}-${row.version}`;
    },
    // The plugin's in-process counters: one SQLite file means one instance.
    rateLimitStore: null,
    close: async () => {
      db.close();
    },
  };
}

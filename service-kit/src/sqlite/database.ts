import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

/**
 * Opens (creating if needed) the SQLite file. WAL lets reads run beside a write; synchronous=FULL
 * syncs the WAL on every commit, so an article answered with 201 survives a crash or SIGKILL.
 */
export function openDatabase(databasePath: string): SqliteDatabase {
  if (databasePath !== ':memory:') mkdirSync(path.dirname(databasePath), { recursive: true });
  const db = new Database(databasePath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

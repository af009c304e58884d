/**
 * Numbered migrations for SQLite: each applied once inside a transaction and recorded in
 * a record table. A service passes its own list and table.
 */
import type { SqliteDatabase } from './database';

export interface SqliteMigration<Context = void> {
  version: number;
  name: string;
  up(db: SqliteDatabase, context: Context): void;
}

/** Applies the migrations not yet recorded, in version order; returns the versions applied now. */
export function runSqliteMigrations<Context>(
  db: SqliteDatabase,
  {
    list,
    context,
    table = 'schema_migrations',
  }: { list: readonly SqliteMigration<Context>[]; context: Context; table?: string },
): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS ${table} (
             version INTEGER PRIMARY KEY,
             name TEXT NOT NULL,
             applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`);
  const applied = new Set(
    db
      .prepare(`SELECT version FROM ${table}`)
      .pluck()
      .all()
      .map((version) => Number(version)),
  );
  const record = db.prepare(`INSERT INTO ${table} (version, name) VALUES (?, ?)`);
  const pending = [...list]
    .sort((a, b) => a.version - b.version)
    .filter((migration) => !applied.has(migration.version));
  for (const migration of pending) {
    db.transaction(() => {
      migration.up(db, context);
      record.run(migration.version, migration.name);
    })();
  }
  return pending.map((migration) => migration.version);
}

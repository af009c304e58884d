/** A full, ordered dump of a SQLite file, read over its own connection, to prove nothing changed. */
import Database from 'better-sqlite3';

export function dumpDatabase(databasePath: string): string {
  const db = new Database(databasePath, { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    const dump = Object.fromEntries(
      tables.map((table) => [table, db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all()]),
    );
    return JSON.stringify(dump);
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check`: 'ok' when the file is sound. */
export function integrityCheck(databasePath: string): string {
  const db = new Database(databasePath, { readonly: true });
  try {
    return (db.pragma('integrity_check', { simple: true }) as string) ?? '';
  } finally {
    db.close();
  }
}

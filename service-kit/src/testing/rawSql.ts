/**
 * A database read and changed by raw SQL, on either engine: what the services' migration tests
 * look at (tables, rows) beside the migrations they run, written once for both services.
 */
import type pg from 'pg';
import type { SqliteDatabase } from '../sqlite/database';

export interface RawSql {
  /** Rows of a query; a statement that returns none gives []. */
  query<T>(sql: string): Promise<T[]>;
  tableExists(name: string): Promise<boolean>;
  close(): Promise<void>;
}

export function sqliteRawSql(db: SqliteDatabase): RawSql {
  return {
    query: async <T>(sql: string) => {
      const statement = db.prepare(sql);
      if (statement.reader) return statement.all() as T[];
      statement.run();
      return [];
    },
    tableExists: async (name) =>
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined,
    close: async () => {
      db.close();
    },
  };
}

export function postgresRawSql(pool: pg.Pool): RawSql {
  return {
    query: async <T>(sql: string) => (await pool.query(sql)).rows as T[],
    tableExists: async (name) =>
      (await pool.query<{ oid: string | null }>('SELECT to_regclass($1) AS oid', [name])).rows[0]!.oid !== null,
    close: () => pool.end(),
  };
}

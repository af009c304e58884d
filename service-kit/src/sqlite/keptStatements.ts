/**
 * better-sqlite3 as Kysely's SqliteDialect sees it, its statements prepared once per SQL text.
 * Kysely's driver prepares every query anew (`db.prepare(sql)` on each call), and SQLite compiling
 * the statement cost more than running it: about 40 % of an article read by slug, several times a
 * health report's queries (docs/decisions.md, Kysely). One query at a time runs on the connection
 * (Kysely's mutex), so a statement is never used twice at once; SQLite prepares a kept statement
 * again by itself after a schema change.
 */
import type { SqliteDatabase as KyselySqlite } from 'kysely';
import type { SqliteDatabase } from './database';

/** How many statements are kept: more than a service's queries (a few sizes of IN lists included). */
export const STATEMENTS_KEPT = 200;

export function keepingStatements(db: SqliteDatabase, kept = STATEMENTS_KEPT): KyselySqlite {
  const statements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  return {
    close: () => db.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (statement === undefined) {
        statement = db.prepare(text);
        // The oldest goes first: a Map keeps insertion order.
        if (statements.size >= kept) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

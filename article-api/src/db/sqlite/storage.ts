/** The SQLite engine: one file (or `:memory:`) opened by this process, migrated on open. */
import path from 'node:path';
import { Kysely, type SqlBool, SqliteDialect, sql } from 'kysely';
import { keepingStatements, openDatabase } from 'service-kit/sqlite';
import { type ArticleEngine, createArticleRepository } from '../kyselyArticleRepository';
import type { ArticleTables } from '../rows';
import type { Storage } from '../storage';
import { migrate } from './migrations';

const sqliteEngine: ArticleEngine = {
  date: sql.ref('date'),
  now: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  storable: () => true,
  // Duck-typed: the native SqliteError need not share this realm's Error (Jest sandboxes do not).
  isUniqueSlugViolation(error) {
    if (typeof error !== 'object' || error === null) return false;
    const { code, message } = error as { code?: unknown; message?: unknown };
    return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('.slug');
  },
  // Nothing to lock: Kysely runs one query or transaction at a time on the one connection, and
  // one SQLite file means one instance.
  lockSlug: async () => {},
  reserveId: async () => undefined,
  relatesTo: (id) => sql<SqlBool>`EXISTS (SELECT 1 FROM json_each(articles.related_articles) WHERE value = ${id})`,
};

export function openSqliteStorage(databasePath: string): Storage {
  const db = openDatabase(databasePath);
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  // Each SQL text prepared once (service-kit/sqlite): Kysely's driver would prepare every query anew.
  const kysely = new Kysely<ArticleTables>({ dialect: new SqliteDialect({ database: keepingStatements(db) }) });
  // Read on every request: compiled once, run as it is.
  const contentVersionQuery = sql<{ token: string }>`SELECT epoch || '-' || version AS token FROM content_version
                                                     WHERE id = 1`.compile(kysely);
  return {
    engine: 'sqlite',
    repository: createArticleRepository(kysely, sqliteEngine),
    description: path.basename(databasePath),
    // Through Kysely too: it queues this read behind a transaction in progress on the connection,
    // which would otherwise show its uncommitted version.
    contentVersion: async () => {
      const { rows } = await kysely.executeQuery(contentVersionQuery);
      return rows[0]!.token;
    },
    // The plugin's in-process counters: one SQLite file means one instance.
    rateLimitStore: null,
    close: async () => {
      db.close();
    },
  };
}

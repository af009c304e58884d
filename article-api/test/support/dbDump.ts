/**
 * Reads a test's database over a connection of its own, whichever the engine: a full ordered dump
 * (to prove nothing changed), an integrity check, and the rows of given articles.
 */
import Database from 'better-sqlite3';
import pg from 'pg';

/** The env a test gave the service: DATABASE_URL (PostgreSQL) or DATABASE_PATH (SQLite). */
export type DatabaseEnv = Record<string, string>;

/** The SQLite file of an environment that has no DATABASE_URL. */
function sqlitePath(env: DatabaseEnv): string {
  const file = env.DATABASE_PATH;
  if (!file) throw new Error('neither DATABASE_URL nor DATABASE_PATH is set');
  return file;
}

export interface StoredArticle {
  id: number;
  slug: string;
  title: string;
  content: string;
}

async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function withSqlite<T>(databasePath: string, work: (db: Database.Database) => T): T {
  const db = new Database(databasePath, { readonly: true });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * Every table (and PostgreSQL's id sequence, SQLite keeps its in sqlite_sequence) in a stable order.
 * The rate-limit counters are left out: they count requests, they are not content.
 */
export async function dumpDatabase(env: DatabaseEnv): Promise<string> {
  if (env.DATABASE_URL) {
    return withPostgres(env.DATABASE_URL, async (client) => {
      const tables = await client.query<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'rate_limits' ORDER BY 1",
      );
      const dump: Record<string, unknown> = {};
      for (const { name } of tables.rows) {
        dump[name] = (await client.query(`SELECT to_jsonb(t) AS row FROM "${name}" t ORDER BY to_jsonb(t)::text`)).rows;
      }
      dump.articles_id_seq = (await client.query('SELECT last_value, is_called FROM articles_id_seq')).rows;
      return JSON.stringify(dump);
    });
  }
  return withSqlite(sqlitePath(env), (db) => {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    return JSON.stringify(
      Object.fromEntries(tables.map((table) => [table, db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all()])),
    );
  });
}

/** 'ok' when sound: SQLite's `integrity_check`, or amcheck over every PostgreSQL B-tree index (heap included). */
export async function integrityCheck(env: DatabaseEnv): Promise<string> {
  if (env.DATABASE_URL) {
    return withPostgres(env.DATABASE_URL, async (client) => {
      await client.query('CREATE EXTENSION IF NOT EXISTS amcheck');
      try {
        await client.query(`SELECT bt_index_check(index => c.oid, heapallindexed => true)
                            FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                            JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_am a ON a.oid = c.relam
                            WHERE n.nspname = 'public' AND a.amname = 'btree'`);
        return 'ok';
      } catch (error) {
        return (error as Error).message;
      }
    });
  }
  return withSqlite(sqlitePath(env), (db) => (db.pragma('integrity_check', { simple: true }) as string) ?? '');
}

/** The stored articles whose slug starts with `prefix`, by id. */
export async function storedArticles(env: DatabaseEnv, prefix: string): Promise<StoredArticle[]> {
  const sql = 'SELECT id, slug, title, content FROM articles WHERE slug LIKE $1 ORDER BY id';
  if (env.DATABASE_URL) {
    return withPostgres(env.DATABASE_URL, async (client) =>
      (await client.query<StoredArticle>(sql, [`${prefix}%`])).rows.map((row) => ({ ...row, id: Number(row.id) })),
    );
  }
  return withSqlite(sqlitePath(env), (db) =>
    db.prepare<[string], StoredArticle>(sql.replace('$1', '?')).all(`${prefix}%`),
  );
}

/** One stored article by id, or undefined. */
export async function storedArticle(env: DatabaseEnv, id: number): Promise<StoredArticle | undefined> {
  const sql = 'SELECT id, slug, title, content FROM articles WHERE id = $1';
  if (env.DATABASE_URL) {
    return withPostgres(env.DATABASE_URL, async (client) => {
      const { rows } = await client.query<StoredArticle>(sql, [id]);
      return rows[0] && { ...rows[0], id: Number(rows[0].id) };
    });
  }
  return withSqlite(sqlitePath(env), (db) => db.prepare<[number], StoredArticle>(sql.replace('$1', '?')).get(id));
}

/** Runs one statement as an operator would, outside the service (its own connection, writable). */
export async function executeSql(env: DatabaseEnv, sql: string): Promise<void> {
  if (env.DATABASE_URL) {
    await withPostgres(env.DATABASE_URL, async (client) => {
      await client.query(sql);
    });
    return;
  }
  const db = new Database(env.DATABASE_PATH);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

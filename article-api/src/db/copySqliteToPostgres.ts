/**
 * The one-shot move from a SQLite file to PostgreSQL: every article and business article with its
 * id, slug, dates and timestamps, in one transaction that commits only after the copy was read back
 * and compared with the source row for row (the release registry is the release service's: its own
 * `db:move-releases` moves it). The target must be empty (migrated without seed);
 * the id sequence continues after the source's highest id ever handed out, so no id is reused.
 */
import Database from 'better-sqlite3';
import type pg from 'pg';
import { ARTICLE_COLUMNS } from './rows';
import { createPool, inTransaction } from 'service-kit/postgres';
import { insertRows, migratePostgres } from './postgres/migrations';

export interface CopyReport {
  articles: number;
  businessArticles: number;
  /** The id the next created article gets. */
  nextArticleId: number;
}

export class CopyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyError';
  }
}

type Row = Record<string, unknown>;

const TIMESTAMPS = ['created_at', 'updated_at'] as const;
const TABLES = {
  articles: ['id', ...ARTICLE_COLUMNS, ...TIMESTAMPS],
  business_articles: ['id', 'business_id', ...ARTICLE_COLUMNS, ...TIMESTAMPS],
} as const;
type Table = keyof typeof TABLES;

/** Both engines' rows in one comparable shape: SQLite's ISO text, related ids as arrays. */
function comparable(row: Row): string {
  const related = row.related_articles;
  return JSON.stringify(
    Object.assign({}, row, { related_articles: typeof related === 'string' ? JSON.parse(related) : related }),
  );
}

/** Rows of `target` that differ from `source` (same order expected), as readable lines. */
export function differences(table: string, source: readonly Row[], target: readonly Row[]): string[] {
  const problems: string[] = [];
  if (source.length !== target.length)
    problems.push(`${table}: ${source.length} rows in SQLite, ${target.length} copied`);
  source.forEach((row, index) => {
    if (target[index] === undefined || comparable(row) === comparable(target[index])) return;
    problems.push(`${table} id ${String(row.id)}: ${comparable(row)} became ${comparable(target[index])}`);
  });
  return problems;
}

/** A column as the SQLite schema writes it: dates as YYYY-MM-DD, timestamps as ISO 8601 UTC with ms. */
function selectAsSqlite(column: string): string {
  if (column === 'date') return "to_char(date, 'YYYY-MM-DD') AS date";
  if ((TIMESTAMPS as readonly string[]).includes(column)) {
    return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
  }
  return column === 'id' ? 'id' : column;
}

function readSource(sqlitePath: string): {
  rows: Record<Table, Row[]>;
  highestArticleId: number;
} {
  let db: Database.Database;
  try {
    db = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new CopyError(`cannot open the SQLite file ${sqlitePath}: ${(error as Error).message}`);
  }
  try {
    // One read transaction: a consistent snapshot even if a service still writes to the file.
    return db.transaction(() => {
      const rows = {} as Record<Table, Row[]>;
      for (const [table, columns] of Object.entries(TABLES) as [Table, readonly string[]][]) {
        rows[table] = db.prepare(`SELECT ${columns.join(', ')} FROM ${table} ORDER BY id`).all() as Row[];
      }
      const sequence = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'articles'").pluck().get();
      const maxId = rows.articles.reduce((max, row) => Math.max(max, Number(row.id)), 0);
      return { rows, highestArticleId: Math.max(Number(sequence ?? 0), maxId) };
    })();
  } catch (error) {
    if (error instanceof CopyError) throw error;
    throw new CopyError(`${sqlitePath} is not an article database: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

async function assertEmpty(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ articles: number; business: number }>(
    'SELECT (SELECT COUNT(*) FROM articles) AS articles, (SELECT COUNT(*) FROM business_articles) AS business',
  );
  const { articles = 0, business = 0 } = rows[0] ?? {};
  if (Number(articles) + Number(business) > 0) {
    throw new CopyError(
      `the PostgreSQL database already holds ${articles} articles and ${business} business articles: ` +
        'the copy goes into an empty database only (migrate it with --no-seed), once',
    );
  }
}

export async function copySqliteToPostgres(sqlitePath: string, postgresUrl: string): Promise<CopyReport> {
  const source = readSource(sqlitePath);
  const pool = createPool(postgresUrl, 2);
  try {
    await migratePostgres(pool, { seed: false });
    return await inTransaction(pool, async (client) => {
      // No instance may write while the copy runs: it would be lost or collide with a copied id.
      await client.query('LOCK TABLE articles, business_articles IN EXCLUSIVE MODE');
      await assertEmpty(client);
      const problems: string[] = [];
      for (const [table, columns] of Object.entries(TABLES) as [Table, readonly string[]][]) {
        await insertRows(client, table, source.rows[table]);
        const copied = await client.query(`SELECT ${columns.map(selectAsSqlite).join(', ')} FROM ${table} ORDER BY id`);
        problems.push(...differences(table, source.rows[table], copied.rows));
      }
      if (problems.length > 0) {
        throw new CopyError(`the copy differs from the SQLite file, nothing was kept:\n  ${problems.join('\n  ')}`);
      }
      if (source.highestArticleId > 0) {
        await client.query("SELECT setval(pg_get_serial_sequence('articles', 'id'), $1, true)", [
          source.highestArticleId,
        ]);
      }
      return {
        articles: source.rows.articles.length,
        businessArticles: source.rows.business_articles.length,
        nextArticleId: source.highestArticleId + 1,
      };
    });
  } finally {
    await pool.end();
  }
}

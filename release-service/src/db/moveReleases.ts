/**
 * `npm run db:move-releases`: the release tables of an article-api database from before the split
 * (SQLite file or PostgreSQL) moved into the release service's own database (SQLite or
 * PostgreSQL): the published versions, the lines per environment with their canaries, the audit
 * log with its ids (and the counts of summed refusals, when the source has them) and the health
 * counts, written in one transaction that commits only after the
 * copy was read back and compared with the source row for row; then, and only then, the tables
 * are dropped from the source. The target must hold no release rows yet.
 */
import Database from 'better-sqlite3';
import type pg from 'pg';
import { createPool, inTransaction } from 'service-kit/postgres';
import { openDatabase } from 'service-kit/sqlite';
import { migratePostgres } from './postgres/migrations';
import { migrateSqlite } from './sqlite/migrations';
import { differencesOf, MOVED_TABLES, type MovedTable, type ReleaseRows, selectAsSqlite } from './releaseTables';

export class MoveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveError';
  }
}

export interface MoveReport {
  counts: Record<MovedTable, number>;
}

const tables = Object.entries(MOVED_TABLES) as [MovedTable, (typeof MOVED_TABLES)[MovedTable]][];
const isPostgres = (location: string) => /^postgres(ql)?:\/\//.test(location);
const SOURCE_TABLES = [
  'release_refusal_minutes', // before release_audit, whose ids it references
  'release_operations',
  // Dropped, not moved: what each view token counted lasts a token's TTL (10 minutes), and a
  // token used before the move can count once more after it, at most; the Core Web Vitals are
  // minutes old by nature, as the health counts' sums (a decision starts them afresh).
  'release_vital_tokens',
  'release_vitals',
  'release_health_tokens',
  'release_health',
  'release_audit',
  'registry_lines',
  'registry_version',
  'release_versions',
];

/** Rows as SQLite holds them (timestamps ISO 8601 text, JSON as text), from either engine. */
type Reader = (table: MovedTable, columns: readonly string[], order: string) => Promise<Record<string, unknown>[]>;

const sqliteReader =
  (db: Database.Database): Reader =>
  async (table, columns, order) => {
    const present = new Set((db.pragma(`table_info(${table})`) as { name: string }[]).map((column) => column.name));
    // release_health came with the canaries (migration 6); release_refusal_minutes was never
    // article-api's: a table the database lacks has no rows to move.
    if (present.size === 0) return [];
    // A column a database from before the canaries lacks reads as NULL (no canary ever ran).
    const select = columns.map((column) => (present.has(column) ? column : `NULL AS ${column}`));
    return db.prepare(`SELECT ${select.join(', ')} FROM ${table} ORDER BY ${order}`).all() as Record<string, unknown>[];
  };

const postgresReader =
  (client: pg.ClientBase): Reader =>
  async (table, columns, order) => {
    const { rows } = await client.query('SELECT to_regclass($1) IS NOT NULL AS present', [table]);
    if (!rows[0]?.present) return []; // a table the database lacks (see sqliteReader)
    return (await client.query(`SELECT ${columns.map(selectAsSqlite).join(', ')} FROM ${table} ORDER BY ${order}`))
      .rows;
  };

async function readAll(read: Reader): Promise<ReleaseRows> {
  const rows = {} as ReleaseRows;
  for (const [table, { columns, order }] of tables) rows[table] = await read(table, columns, order);
  return rows;
}

/** The source's release rows, read in one snapshot; a database without release tables is refused. */
async function readSource(source: string): Promise<ReleaseRows> {
  if (isPostgres(source)) {
    const pool = createPool(source, 1, 'release-service-move');
    try {
      return await inTransaction(pool, async (client) => {
        await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const { rows } = await client.query("SELECT to_regclass('release_audit') IS NOT NULL AS present");
        if (!rows[0]?.present) throw new MoveError(`${source} holds no release tables: nothing to move`);
        return readAll(postgresReader(client));
      });
    } finally {
      await pool.end();
    }
  }
  let db: Database.Database;
  try {
    db = new Database(source, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new MoveError(`cannot open the SQLite file ${source}: ${(error as Error).message}`);
  }
  try {
    const present = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'release_audit'").get();
    if (!present) throw new MoveError(`${source} holds no release tables: nothing to move`);
    db.exec('BEGIN'); // one read snapshot even if an old service still writes
    try {
      return await readAll(sqliteReader(db));
    } finally {
      db.exec('COMMIT');
    }
  } finally {
    db.close();
  }
}

const refuseNonEmpty = (rows: ReleaseRows, target: string) => {
  const held = tables.filter(([table]) => rows[table].length > 0).map(([table]) => table);
  if (held.length > 0) {
    throw new MoveError(
      `${target} already holds release rows (${held.join(', ')}): the move goes into an empty database only, once`,
    );
  }
};

/** Writes the rows into the target, reads them back and compares, all in one transaction. */
async function writeTarget(target: string, source: ReleaseRows): Promise<void> {
  if (isPostgres(target)) {
    const pool = createPool(target, 2, 'release-service-move');
    try {
      await migratePostgres(pool);
      await inTransaction(pool, async (client) => {
        await client.query(`LOCK TABLE ${tables.map(([table]) => table).join(', ')} IN EXCLUSIVE MODE`);
        refuseNonEmpty(await readAll(postgresReader(client)), target);
        for (const [table, { columns }] of tables) {
          // The audit's ids are kept (GENERATED ALWAYS needs the override); its identity goes on after them.
          const override = table === 'release_audit' ? ' OVERRIDING SYSTEM VALUE' : '';
          for (const row of source[table]) {
            const values = columns.map((_, index) => `$${index + 1}`).join(', ');
            await client.query(
              `INSERT INTO ${table} (${columns.join(', ')})${override} VALUES (${values})`,
              columns.map((column) => row[column]),
            );
          }
        }
        await client.query(
          "SELECT setval(pg_get_serial_sequence('release_audit', 'id'), COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM release_audit",
        );
        assertSame(source, await readAll(postgresReader(client)));
      });
    } finally {
      await pool.end();
    }
    return;
  }
  const db = openDatabase(target);
  try {
    migrateSqlite(db);
    db.exec('BEGIN IMMEDIATE');
    try {
      refuseNonEmpty(await readAll(sqliteReader(db)), target);
      for (const [table, { columns }] of tables) {
        const insert = db.prepare(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        );
        for (const row of source[table]) insert.run(columns.map((column) => row[column] ?? null));
      }
      assertSame(source, await readAll(sqliteReader(db)));
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  } finally {
    db.close();
  }
}

function assertSame(source: ReleaseRows, copied: ReleaseRows): void {
  const problems = tables.flatMap(([table]) => differencesOf(table, source[table], copied[table]));
  if (problems.length > 0) {
    throw new MoveError(`the copy differs from the source, nothing was kept:\n  ${problems.join('\n  ')}`);
  }
}

/** Drops the moved tables from the source, in one transaction: the release service owns them now. */
async function dropSource(source: string): Promise<void> {
  const drop = SOURCE_TABLES.map((table) => `DROP TABLE IF EXISTS ${table};`).join('\n');
  if (isPostgres(source)) {
    const pool = createPool(source, 1, 'release-service-move');
    try {
      await inTransaction(pool, async (client) => {
        await client.query(drop);
      });
    } finally {
      await pool.end();
    }
    return;
  }
  const db = new Database(source, { fileMustExist: true });
  try {
    db.transaction(() => db.exec(drop))();
  } finally {
    db.close();
  }
}

export async function moveReleases(source: string, target: string): Promise<MoveReport> {
  if (source === target) throw new MoveError('the source and the target are the same database');
  const rows = await readSource(source);
  await writeTarget(target, rows);
  await dropSource(source);
  return { counts: Object.fromEntries(tables.map(([table]) => [table, rows[table].length])) as MoveReport['counts'] };
}

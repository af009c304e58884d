/**
 * The release registry's part of the move from SQLite to PostgreSQL (copySqliteToPostgres.ts):
 * the published versions, the live lines per environment and the audit log with its ids, read in
 * the same snapshot as the articles and verified row for row before the one transaction commits.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { placeholders } from './postgres/pool';
import { AUDIT_COLUMNS } from './releaseRepository';

type Row = Record<string, unknown>;

const NOW_COLUMNS = ['created_at', 'updated_at', 'at'];
/** Table → its columns in a stable order, and the order its rows are compared in. */
const RELEASE_TABLES = {
  release_versions: {
    columns: ['remote', 'version', 'manifest_url', 'source_commit', 'created_by', 'created_at'],
    order: 'remote, version',
  },
  registry_lines: {
    columns: ['environment', 'remote', 'version', 'manifest_url', 'updated_at'],
    order: 'environment, remote',
  },
  release_audit: {
    // What a flip or refusal writes (releaseRepository.ts), with the id and time the database gave.
    columns: ['id', 'at', ...AUDIT_COLUMNS],
    order: 'id',
  },
} as const;
type ReleaseTable = keyof typeof RELEASE_TABLES;
export type ReleaseRows = Record<ReleaseTable, Row[]>;

/** The rows of a SQLite file's release tables; none when the file predates them (migration 5). */
export function readReleaseRows(db: Database.Database): ReleaseRows {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'release_audit'").get();
  const rows = {} as ReleaseRows;
  for (const [table, { columns, order }] of Object.entries(RELEASE_TABLES) as [
    ReleaseTable,
    (typeof RELEASE_TABLES)[ReleaseTable],
  ][]) {
    rows[table] = exists
      ? (db.prepare(`SELECT ${columns.join(', ')} FROM ${table} ORDER BY ${order}`).all() as Row[])
      : [];
  }
  return rows;
}

export async function releaseRowCount(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ count: number }>(
    `SELECT (SELECT COUNT(*) FROM release_versions) + (SELECT COUNT(*) FROM registry_lines) +
            (SELECT COUNT(*) FROM release_audit) AS count`,
  );
  return Number(rows[0]?.count ?? 0);
}

/** A column as SQLite writes it: timestamps as ISO 8601 UTC with ms, the verdict as JSON text. */
function selectAsSqlite(column: string): string {
  if (NOW_COLUMNS.includes(column))
    return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
  return column === 'verdict' ? 'verdict::text AS verdict' : column;
}

/** The verdict compared as data: JSONB writes its text its own way (key order, spaces). */
function comparable(row: Row): string {
  const parsed = (typeof row.verdict === 'string' ? JSON.parse(row.verdict) : row.verdict) as Row | null;
  const verdict = parsed && { ok: parsed.ok, problems: parsed.problems, notes: parsed.notes };
  return JSON.stringify(Object.assign({}, row, { verdict }));
}

/** Inserts the rows and reads them back; returns the differences (none: the copy is exact). */
export async function copyReleaseRows(client: pg.PoolClient, source: ReleaseRows): Promise<string[]> {
  const problems: string[] = [];
  for (const [table, { columns, order }] of Object.entries(RELEASE_TABLES) as [
    ReleaseTable,
    (typeof RELEASE_TABLES)[ReleaseTable],
  ][]) {
    // The audit's ids are kept (GENERATED ALWAYS needs the override), and the identity goes on after them.
    const override = table === 'release_audit' ? ' OVERRIDING SYSTEM VALUE' : '';
    for (const row of source[table]) {
      await client.query(
        `INSERT INTO ${table} (${columns.join(', ')})${override} VALUES (${placeholders(columns.length)})`,
        columns.map((column) => row[column]),
      );
    }
    const copied = await client.query(
      `SELECT ${columns.map(selectAsSqlite).join(', ')} FROM ${table} ORDER BY ${order}`,
    );
    if (copied.rows.length !== source[table].length) {
      problems.push(`${table}: ${source[table].length} rows in SQLite, ${copied.rows.length} copied`);
    }
    source[table].forEach((row, index) => {
      const target = copied.rows[index] as Row | undefined;
      if (target && comparable(row) !== comparable(target))
        problems.push(`${table}: ${comparable(row)} became ${comparable(target)}`);
    });
  }
  await client.query(
    "SELECT setval(pg_get_serial_sequence('release_audit', 'id'), COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM release_audit",
  );
  return problems;
}

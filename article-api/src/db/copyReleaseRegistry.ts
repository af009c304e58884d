/**
 * The release registry's part of the move from SQLite to PostgreSQL (copySqliteToPostgres.ts):
 * the published versions, the lines per environment (live release and canary) and the audit log
 * with its ids, read in the same snapshot as the articles and verified row for row before the one
 * transaction commits. release_health is left behind on purpose: minute counts of the last health
 * window, which pruning drops anyway; the copy's target starts counting afresh.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { placeholders } from './postgres/pool';
import { AUDIT_COLUMNS, CANARY_COLUMNS } from './releaseRows';

type Row = Record<string, unknown>;

const NOW_COLUMNS = ['created_at', 'updated_at', 'at', 'canary_started_at', 'canary_withdrawn_at'];
const JSON_COLUMNS = ['verdict', 'decision', 'canary_decision'];
/** Table → its columns in a stable order, and the order its rows are compared in. */
const RELEASE_TABLES = {
  release_versions: {
    columns: ['remote', 'version', 'manifest_url', 'source_commit', 'created_by', 'created_at'],
    order: 'remote, version',
  },
  registry_lines: {
    columns: ['environment', 'remote', 'version', 'manifest_url', 'updated_at', ...CANARY_COLUMNS],
    order: 'environment, remote',
  },
  release_audit: {
    // What a flip or refusal writes (releaseRepository.ts), with the id and time the database gave.
    columns: ['id', 'at', ...AUDIT_COLUMNS],
    order: 'id',
  },
  // After the audit: each row counts the attempts of an audit line (migration 7).
  release_refusal_minutes: {
    columns: ['actor_uid', 'remote', 'environment', 'minute', 'audit_id', 'attempts'],
    order: 'audit_id',
  },
} as const;
type ReleaseTable = keyof typeof RELEASE_TABLES;
export type ReleaseRows = Record<ReleaseTable, Row[]>;

/**
 * The rows of a SQLite file's release tables; none when the file predates them (migration 5), NULL
 * for the canary columns of a file that predates those (migration 6: no canary ever ran), and no
 * summed refusals when it predates those (migration 7: every refusal had its own line).
 */
export function readReleaseRows(db: Database.Database): ReleaseRows {
  const tableExists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  const rows = {} as ReleaseRows;
  for (const [table, { columns, order }] of Object.entries(RELEASE_TABLES) as [
    ReleaseTable,
    (typeof RELEASE_TABLES)[ReleaseTable],
  ][]) {
    if (!tableExists.get(table)) {
      rows[table] = [];
      continue;
    }
    const present = new Set((db.pragma(`table_info(${table})`) as { name: string }[]).map((column) => column.name));
    const select = columns.map((column) => (present.has(column) ? column : `NULL AS ${column}`));
    rows[table] = db.prepare(`SELECT ${select.join(', ')} FROM ${table} ORDER BY ${order}`).all() as Row[];
  }
  return rows;
}

export async function releaseRowCount(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ count: number }>(
    `SELECT (SELECT COUNT(*) FROM release_versions) + (SELECT COUNT(*) FROM registry_lines) +
            (SELECT COUNT(*) FROM release_audit) + (SELECT COUNT(*) FROM release_refusal_minutes) AS count`,
  );
  return Number(rows[0]?.count ?? 0);
}

/** A column as SQLite writes it: timestamps as ISO 8601 UTC with ms, JSON as text. */
function selectAsSqlite(column: string): string {
  if (NOW_COLUMNS.includes(column))
    return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
  return JSON_COLUMNS.includes(column) ? `${column}::text AS ${column}` : column;
}

/** JSON with its keys sorted: JSONB writes its text its own way (key order, spaces). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Row)[key])]),
  );
}

/** A row compared as data: its JSON columns parsed and put in one key order. */
function comparable(row: Row): string {
  const parsed = Object.fromEntries(
    JSON_COLUMNS.filter((column) => column in row).map((column) => {
      const value = row[column];
      return [column, canonical(typeof value === 'string' ? JSON.parse(value) : value)];
    }),
  );
  return JSON.stringify(Object.assign({}, row, parsed));
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

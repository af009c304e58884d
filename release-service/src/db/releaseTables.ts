/**
 * The release tables as the move (moveReleases.ts) reads and compares them: each table's columns in
 * a stable order and the order its rows are compared in, PostgreSQL's values read in SQLite's form
 * (timestamps as ISO 8601 UTC text with ms, JSON as text) and JSON compared as data.
 */
import { AUDIT_COLUMNS, CANARY_COLUMNS } from './releaseRows';

type Row = Record<string, unknown>;

const NOW_COLUMNS = ['created_at', 'updated_at', 'at', 'canary_started_at', 'canary_withdrawn_at'];
const JSON_COLUMNS = ['verdict', 'decision', 'canary_decision'];

export const MOVED_TABLES = {
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
  // After the audit (each row counts the attempts of an audit line): none in a database from
  // before the summed refusals (release-service migration 5; article-api never had the table).
  release_refusal_minutes: {
    columns: ['actor_uid', 'remote', 'environment', 'minute', 'audit_id', 'attempts'],
    order: 'audit_id',
  },
  release_health: {
    columns: [
      'environment',
      'remote',
      'version',
      'minute',
      'views',
      'load_failures',
      'render_crashes',
      'hydration_errors',
    ],
    order: 'environment, remote, version, minute',
  },
  // Stored outcomes of release writes (operation ids): none in a database from before them.
  release_operations: {
    columns: ['actor_uid', 'operation_id', 'fingerprint', 'status', 'body', 'created_at'],
    order: 'actor_uid, operation_id',
  },
} as const;
export type MovedTable = keyof typeof MOVED_TABLES;
export type ReleaseRows = Record<MovedTable, Row[]>;

/** A PostgreSQL column as SQLite writes it. */
export function selectAsSqlite(column: string): string {
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

/** A row compared as data: its JSON columns parsed and put in one key order, numbers as numbers. */
function comparable(row: Row): string {
  const normal = Object.fromEntries(
    Object.entries(row).map(([column, value]) => {
      if (JSON_COLUMNS.includes(column) && typeof value === 'string') return [column, canonical(JSON.parse(value))];
      return [column, typeof value === 'bigint' ? Number(value) : value];
    }),
  );
  return JSON.stringify(normal);
}

/** Lines naming every difference between the source's rows and the copy's (none: exact). */
export function differencesOf(table: string, source: readonly Row[], copied: readonly Row[]): string[] {
  const problems: string[] = [];
  if (copied.length !== source.length)
    problems.push(`${table}: ${source.length} rows in the source, ${copied.length} copied`);
  source.forEach((row, index) => {
    const target = copied[index];
    if (target && comparable(row) !== comparable(target))
      problems.push(`${table}: ${comparable(row)} became ${comparable(target)}`);
  });
  return problems;
}

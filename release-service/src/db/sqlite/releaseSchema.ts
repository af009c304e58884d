/**
 * The release service's schema on SQLite: the shared tables (../releaseSchema.ts) in SQLite's
 * types, and what only SQLite does — the triggers, and the rebuild of registry_lines for canaries.
 */
import * as shared from '../releaseSchema';
import { vitalsTables } from '../vitalsSchema';

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";

/** Times as ISO 8601 text in UTC with milliseconds (compared as text), JSON as checked text. */
const sqlite: shared.SchemaDialect = {
  int: 'INTEGER',
  bigint: 'INTEGER',
  time: 'TEXT',
  now: NOW,
  json: (column) => `TEXT CHECK (${column} IS NULL OR json_valid(${column}))`,
  ephemeral: '',
  auditId: 'id INTEGER PRIMARY KEY AUTOINCREMENT',
  randomEpoch: 'lower(hex(randomblob(6)))',
};

const LINE_TRIGGERS = ['INSERT', 'UPDATE', 'DELETE']
  .map(
    (event) => `
  CREATE TRIGGER registry_lines_${event.toLowerCase()}_bumps_version AFTER ${event} ON registry_lines
    BEGIN UPDATE registry_version SET version = version + 1 WHERE id = 1; END;`,
  )
  .join('');

const RELEASE_REGISTRY = `${shared.registryTables(sqlite)}
  CREATE TRIGGER release_audit_no_update BEFORE UPDATE ON release_audit
    BEGIN SELECT RAISE(ABORT, 'release_audit is append-only'); END;
  CREATE TRIGGER release_audit_no_delete BEFORE DELETE ON release_audit
    BEGIN SELECT RAISE(ABORT, 'release_audit is append-only'); END;${shared.registryVersion(sqlite)}${LINE_TRIGGERS}`;

/**
 * Migration 2, canary releases (docs/releasing.md):
 *
 * - registry_lines gets a canary beside the live release: its version and manifest, the share of
 *   visitors (1–99 running, 0 once the service withdrew it), status, start, who started it, and the
 *   withdrawal's time and figures. A line may now hold a canary and no live release (the remote is
 *   served from its deployed build beside it), so version and manifest_url may be NULL. SQLite
 *   cannot drop NOT NULL: the table is rebuilt (rows kept, its triggers made again).
 * - release_audit gets the canary's share after each canary action and the withdrawal's figures;
 *   still append-only (ADD COLUMN rewrites no row).
 * - release_health (../releaseSchema.ts).
 */
const RELEASE_CANARY = `
  CREATE TABLE registry_lines_v6 (
    environment TEXT NOT NULL,
    remote TEXT NOT NULL,
    version TEXT,
    manifest_url TEXT,
    updated_at TEXT NOT NULL DEFAULT ${NOW},
    canary_version TEXT,
    canary_manifest_url TEXT,
    canary_percent INTEGER,
    canary_status TEXT,
    canary_started_at TEXT,
    canary_actor TEXT,
    canary_withdrawn_at TEXT,
    canary_decision ${sqlite.json('canary_decision')},
    PRIMARY KEY (environment, remote),
    CHECK ((version IS NULL) = (manifest_url IS NULL)),
    CHECK (version IS NOT NULL OR canary_version IS NOT NULL),
    CHECK (canary_version IS NULL OR (canary_manifest_url IS NOT NULL AND canary_started_at IS NOT NULL AND
      ((canary_status = 'running' AND canary_percent BETWEEN 1 AND 99) OR
       (canary_status = 'withdrawn' AND canary_percent = 0)))));
  INSERT INTO registry_lines_v6 (environment, remote, version, manifest_url, updated_at)
    SELECT environment, remote, version, manifest_url, updated_at FROM registry_lines;
  DROP TABLE registry_lines;
  ALTER TABLE registry_lines_v6 RENAME TO registry_lines;
  ${LINE_TRIGGERS}
  ALTER TABLE release_audit ADD COLUMN canary_percent INTEGER;
  ALTER TABLE release_audit ADD COLUMN decision ${sqlite.json('decision')};${shared.healthTable(sqlite)}`;

/** Each migration's SQL by version (3 is PostgreSQL's rate-limit table: SQLite counts in the process). */
export const SQLITE_SCHEMA: Readonly<Record<number, string>> = {
  1: RELEASE_REGISTRY,
  2: RELEASE_CANARY,
  4: shared.operationsTable(sqlite, ' CHECK (json_valid(body))'),
  5: shared.refusalMinutesTable(sqlite),
  6: shared.healthTokensTable(sqlite),
  7: `\n  ${shared.canaryPlanColumn(sqlite)}`,
  8: vitalsTables(sqlite),
};

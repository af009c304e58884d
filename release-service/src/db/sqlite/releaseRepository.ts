/** The release registry on better-sqlite3: a change is one synchronous transaction (db/releaseRepository.ts). */
import type { ReleaseEnvironment } from 'shared-releases';
import {
  assertUnchanged,
  type AuditRecord,
  type CanaryChange,
  DEPLOYING_ACTIONS,
  DuplicateVersionError,
  FlipConflictError,
  OperationExistsError,
  type OperationRecord,
  type RegistryEntry,
  type ReleaseRepository,
  sameLine,
} from '../releaseRepository';
import {
  AUDIT_COLUMNS,
  AUDIT_WITH_ATTEMPTS,
  type AuditRow,
  auditEntryOf,
  auditValues,
  CANARY_COLUMNS,
  canaryValues,
  type DeploymentRow,
  deploymentOf,
  doneRecord,
  entryOf,
  REGISTRY_COLUMNS,
  type RegistryRow,
  type VersionRow,
  versionOf,
} from '../releaseRows';
import {
  type OperationRow,
  operationOf,
  operationValues,
  referenceOf,
  VERSION_USAGE_SQL,
} from '../releaseOperationRows';
import type { SqliteDatabase } from 'service-kit/sqlite';

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
const EMPTY: RegistryEntry = { live: null, canary: null };

export function createSqliteReleaseRepository(db: SqliteDatabase): ReleaseRepository {
  const statements = {
    version: db.prepare<[], { token: string }>(
      "SELECT epoch || '-' || version AS token FROM registry_version WHERE id = 1",
    ),
    lines: db.prepare<[string], { remote: string; version: string; manifest_url: string }>(
      'SELECT remote, version, manifest_url FROM registry_lines WHERE environment = ? AND version IS NOT NULL',
    ),
    entries: db.prepare<[string], RegistryRow>(`SELECT ${REGISTRY_COLUMNS} FROM registry_lines WHERE environment = ?`),
    entry: db.prepare<[string, string], RegistryRow>(
      `SELECT ${REGISTRY_COLUMNS} FROM registry_lines WHERE environment = ? AND remote = ?`,
    ),
    findVersion: db.prepare<[string, string], VersionRow>(
      'SELECT * FROM release_versions WHERE remote = ? AND version = ?',
    ),
    versions: db.prepare<[string], VersionRow>(
      'SELECT * FROM release_versions WHERE remote = ? ORDER BY created_at DESC, rowid DESC',
    ),
    deployments: db.prepare<[string, string], DeploymentRow>(
      `SELECT version, manifest_url, action, at, actor_email FROM release_audit
       WHERE remote = ? AND environment = ? AND outcome = 'done'
         AND action IN (${DEPLOYING_ACTIONS.map((action) => `'${action}'`).join(', ')}) ORDER BY id`,
    ),
    audit: db.prepare<[string, string | null, string | null, number | null, number | null, number], AuditRow>(
      `${AUDIT_WITH_ATTEMPTS}
       WHERE remote IN (SELECT value FROM json_each(?)) AND (? IS NULL OR environment = ?)
         AND (? IS NULL OR id < ?)
       ORDER BY id DESC LIMIT ?`,
    ),
    countRefusal: db.prepare(
      `UPDATE release_refusal_minutes SET attempts = attempts + 1
       WHERE actor_uid = ? AND remote = ? AND environment = ? AND minute = ?`,
    ),
    insertRefusalMinute: db.prepare(
      `INSERT INTO release_refusal_minutes (actor_uid, remote, environment, minute, audit_id, attempts)
       VALUES (?, ?, ?, ?, ?, 1)`,
    ),
    insertVersion: db.prepare(
      `INSERT INTO release_versions (remote, version, manifest_url, source_commit, created_by)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    // A flip keeps the canary columns: a withdrawn canary's record stays until it is cleared.
    upsertLine: db.prepare(
      `INSERT INTO registry_lines (environment, remote, version, manifest_url) VALUES (?, ?, ?, ?)
       ON CONFLICT (environment, remote) DO UPDATE SET version = excluded.version,
         manifest_url = excluded.manifest_url, updated_at = ${NOW}`,
    ),
    writeEntry: db.prepare(
      `INSERT INTO registry_lines (environment, remote, version, manifest_url, ${CANARY_COLUMNS.join(', ')})
       VALUES (${Array.from({ length: 4 + CANARY_COLUMNS.length }, () => '?').join(', ')})
       ON CONFLICT (environment, remote) DO UPDATE SET version = excluded.version,
         manifest_url = excluded.manifest_url, updated_at = ${NOW},
         ${CANARY_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')}`,
    ),
    deleteEntry: db.prepare('DELETE FROM registry_lines WHERE environment = ? AND remote = ?'),
    insertAudit: db.prepare(
      `INSERT INTO release_audit (${AUDIT_COLUMNS.join(', ')}) VALUES (${AUDIT_COLUMNS.map(() => '?').join(', ')})`,
    ),
    insertOperation: db.prepare(
      `INSERT INTO release_operations (actor_uid, operation_id, fingerprint, status, body)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    operation: db.prepare<[string, string], OperationRow>(
      'SELECT * FROM release_operations WHERE actor_uid = ? AND operation_id = ?',
    ),
    // created_at is ISO 8601 in UTC with milliseconds (the schema's NOW): compared as text.
    pruneOperations: db.prepare<[string]>('DELETE FROM release_operations WHERE created_at < ?'),
    versionUsage: db.prepare<{ remote: string; version: string }, { environment: string; place: string }>(
      VERSION_USAGE_SQL,
    ),
  };

  /** Inside the change's transaction: an id answered already rolls the whole change back. */
  const storeOperation = (operation: OperationRecord | undefined) => {
    if (operation && statements.insertOperation.run(...operationValues(operation)).changes === 0) {
      throw new OperationExistsError();
    }
  };

  const currentEntry = (environment: string, remote: string): RegistryEntry => {
    const row = statements.entry.get(environment, remote);
    return row ? entryOf(row) : EMPTY;
  };

  const insertVersion = (
    remote: string,
    version: string,
    manifestUrl: string,
    by: NonNullable<CanaryChange['newVersion']>,
  ) => {
    const inserted = statements.insertVersion.run(remote, version, manifestUrl, by.sourceCommit, by.createdBy);
    if (inserted.changes === 0) throw new DuplicateVersionError();
  };

  const flip = db.transaction((change: Parameters<ReleaseRepository['flip']>[0]) => {
    const current = currentEntry(change.environment, change.remote);
    // A canary that started after the decision: the flip was not decided against it.
    if (!sameLine(current.live, change.expectedBefore) || current.canary?.status === 'running') {
      throw new FlipConflictError(current.live);
    }
    if (change.newVersion) insertVersion(change.remote, change.to.version, change.to.manifestUrl, change.newVersion);
    statements.upsertLine.run(change.environment, change.remote, change.to.version, change.to.manifestUrl);
    statements.insertAudit.run(...auditValues(doneRecord(change)));
    storeOperation(change.operation);
  });

  const changeCanary = db.transaction((change: CanaryChange) => {
    assertUnchanged(currentEntry(change.environment, change.remote), change.expected);
    const { live, canary } = change.to;
    if (change.newVersion && canary)
      insertVersion(change.remote, canary.version, canary.manifestUrl, change.newVersion);
    if (!live && !canary) statements.deleteEntry.run(change.environment, change.remote);
    else {
      statements.writeEntry.run(
        change.environment,
        change.remote,
        live?.version ?? null,
        live?.manifestUrl ?? null,
        ...canaryValues(canary),
      );
    }
    statements.insertAudit.run(...auditValues(change.audit));
    storeOperation(change.operation);
  });

  /**
   * The line, or for a refusal counted per minute one more attempt on the minute's line of that
   * actor, remote and environment (written now if it is the first); the outcome in the same
   * transaction, so a replayed id neither writes nor counts.
   */
  const record = db.transaction((entry: AuditRecord, operation?: OperationRecord) => {
    const minute = entry.countInMinute;
    if (minute === undefined || entry.actor.uid === null) {
      statements.insertAudit.run(...auditValues(entry));
    } else {
      const key = [entry.actor.uid, entry.remote, entry.environment, minute] as const;
      if (statements.countRefusal.run(...key).changes === 0) {
        const { lastInsertRowid } = statements.insertAudit.run(...auditValues(entry));
        statements.insertRefusalMinute.run(...key, lastInsertRowid);
      }
    }
    storeOperation(operation);
  });

  return {
    registryVersion: async () => statements.version.get()!.token,
    async lines(environment: ReleaseEnvironment) {
      return Object.fromEntries(
        statements.lines
          .all(environment)
          .map((row) => [row.remote, { version: row.version, manifestUrl: row.manifest_url }]),
      );
    },
    entries: async (environment) =>
      Object.fromEntries(statements.entries.all(environment).map((row) => [row.remote, entryOf(row)])),
    entry: async (environment, remote) => currentEntry(environment, remote),
    async findVersion(remote, version) {
      const row = statements.findVersion.get(remote, version);
      return row ? versionOf(row) : null;
    },
    versions: async (remote) => statements.versions.all(remote).map(versionOf),
    deployments: async (remote, environment) => statements.deployments.all(remote, environment).map(deploymentOf),
    async audit({ remotes, environment, limit, before }) {
      const env = environment ?? null;
      const older = before ?? null;
      return statements.audit.all(JSON.stringify(remotes), env, env, older, older, limit).map(auditEntryOf);
    },
    async flip(change) {
      flip(change);
    },
    async changeCanary(change) {
      changeCanary(change);
    },
    async record(entry, operation) {
      record(entry, operation);
    },
    async operation(actorUid, operationId) {
      const row = statements.operation.get(actorUid, operationId);
      return row ? operationOf(row) : null;
    },
    pruneOperations: async (before) => statements.pruneOperations.run(before.toISOString()).changes,
    versionUsage: async (remote, version) => statements.versionUsage.all({ remote, version }).map(referenceOf),
  };
}

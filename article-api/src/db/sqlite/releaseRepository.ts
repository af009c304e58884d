/** The release registry on better-sqlite3: a flip is one synchronous transaction (db/releaseRepository.ts). */
import type { ReleaseEnvironment } from 'shared-releases';
import {
  AUDIT_COLUMNS,
  type AuditRow,
  auditEntryOf,
  auditValues,
  type DeploymentRow,
  deploymentOf,
  DuplicateVersionError,
  doneRecord,
  FlipConflictError,
  type LiveLine,
  type ReleaseRepository,
  sameLine,
  type VersionRow,
  versionOf,
} from '../releaseRepository';
import type { SqliteDatabase } from './database';

export function createSqliteReleaseRepository(db: SqliteDatabase): ReleaseRepository {
  const statements = {
    version: db.prepare<[], { token: string }>(
      "SELECT epoch || '-' || version AS token FROM registry_version WHERE id = 1",
    ),
    lines: db.prepare<[string], { remote: string; version: string; manifest_url: string }>(
      'SELECT remote, version, manifest_url FROM registry_lines WHERE environment = ?',
    ),
    line: db.prepare<[string, string], { version: string; manifest_url: string }>(
      'SELECT version, manifest_url FROM registry_lines WHERE environment = ? AND remote = ?',
    ),
    findVersion: db.prepare<[string, string], VersionRow>(
      'SELECT * FROM release_versions WHERE remote = ? AND version = ?',
    ),
    versions: db.prepare<[string], VersionRow>(
      'SELECT * FROM release_versions WHERE remote = ? ORDER BY created_at DESC, rowid DESC',
    ),
    deployments: db.prepare<[string, string], DeploymentRow>(
      `SELECT version, manifest_url, action, at, actor_email FROM release_audit
       WHERE remote = ? AND environment = ? AND outcome = 'done' ORDER BY id`,
    ),
    audit: db.prepare<[string, string | null, string | null, number], AuditRow>(
      `SELECT * FROM release_audit
       WHERE remote IN (SELECT value FROM json_each(?)) AND (? IS NULL OR environment = ?)
       ORDER BY id DESC LIMIT ?`,
    ),
    insertVersion: db.prepare(
      `INSERT INTO release_versions (remote, version, manifest_url, source_commit, created_by)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    upsertLine: db.prepare(
      `INSERT INTO registry_lines (environment, remote, version, manifest_url) VALUES (?, ?, ?, ?)
       ON CONFLICT (environment, remote) DO UPDATE SET version = excluded.version,
         manifest_url = excluded.manifest_url, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    ),
    insertAudit: db.prepare(
      `INSERT INTO release_audit (${AUDIT_COLUMNS.join(', ')}) VALUES (${AUDIT_COLUMNS.map(() => '?').join(', ')})`,
    ),
  };

  const currentLine = (environment: string, remote: string): LiveLine | null => {
    const row = statements.line.get(environment, remote);
    return row ? { version: row.version, manifestUrl: row.manifest_url } : null;
  };

  const flip = db.transaction((change: Parameters<ReleaseRepository['flip']>[0]) => {
    const current = currentLine(change.environment, change.remote);
    if (!sameLine(current, change.expectedBefore)) throw new FlipConflictError(current);
    if (change.newVersion) {
      const inserted = statements.insertVersion.run(
        change.remote,
        change.to.version,
        change.to.manifestUrl,
        change.newVersion.sourceCommit,
        change.newVersion.createdBy,
      );
      if (inserted.changes === 0) throw new DuplicateVersionError();
    }
    statements.upsertLine.run(change.environment, change.remote, change.to.version, change.to.manifestUrl);
    statements.insertAudit.run(...auditValues(doneRecord(change)));
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
    async findVersion(remote, version) {
      const row = statements.findVersion.get(remote, version);
      return row ? versionOf(row) : null;
    },
    versions: async (remote) => statements.versions.all(remote).map(versionOf),
    deployments: async (remote, environment) => statements.deployments.all(remote, environment).map(deploymentOf),
    async audit({ remotes, environment, limit }) {
      const env = environment ?? null;
      return statements.audit.all(JSON.stringify(remotes), env, env, limit).map(auditEntryOf);
    },
    async flip(change) {
      flip(change);
    },
    async record(entry) {
      statements.insertAudit.run(...auditValues(entry));
    },
  };
}

/**
 * The release registry on PostgreSQL. A flip locks its line's key (an advisory lock per
 * environment and remote, taken in the transaction) before comparing it, so instances deciding at
 * once are serialised and the second sees the first's line (db/releaseRepository.ts).
 */
import type pg from 'pg';
import {
  AUDIT_COLUMNS,
  type AuditRecord,
  type AuditRow,
  auditEntryOf,
  auditValues,
  type DeploymentRow,
  deploymentOf,
  DuplicateVersionError,
  doneRecord,
  FlipConflictError,
  type ReleaseRepository,
  sameLine,
  type VersionRow,
  versionOf,
} from '../releaseRepository';
import { inTransaction, placeholders, type Queryable } from './pool';

const INSERT_AUDIT = `INSERT INTO release_audit (${AUDIT_COLUMNS.join(', ')}) VALUES (${placeholders(AUDIT_COLUMNS.length)})`;
const insertAudit = (db: Queryable, entry: AuditRecord) => db.query(INSERT_AUDIT, auditValues(entry));

export function createPostgresReleaseRepository(pool: pg.Pool): ReleaseRepository {
  return {
    async registryVersion() {
      const { rows } = await pool.query<{ token: string }>(
        "SELECT epoch || '-' || version AS token FROM registry_version WHERE id = 1",
      );
      if (!rows[0]) throw new Error('registry_version has no row (migrations not applied?)');
      return rows[0].token;
    },
    async lines(environment) {
      const { rows } = await pool.query<{ remote: string; version: string; manifest_url: string }>(
        'SELECT remote, version, manifest_url FROM registry_lines WHERE environment = $1',
        [environment],
      );
      return Object.fromEntries(
        rows.map((row) => [row.remote, { version: row.version, manifestUrl: row.manifest_url }]),
      );
    },
    async findVersion(remote, version) {
      const { rows } = await pool.query<VersionRow>(
        'SELECT * FROM release_versions WHERE remote = $1 AND version = $2',
        [remote, version],
      );
      return rows[0] ? versionOf(rows[0]) : null;
    },
    async versions(remote) {
      const { rows } = await pool.query<VersionRow>(
        'SELECT * FROM release_versions WHERE remote = $1 ORDER BY created_at DESC, version DESC',
        [remote],
      );
      return rows.map(versionOf);
    },
    async deployments(remote, environment) {
      const { rows } = await pool.query<DeploymentRow>(
        `SELECT version, manifest_url, action, at, actor_email FROM release_audit
         WHERE remote = $1 AND environment = $2 AND outcome = 'done' ORDER BY id`,
        [remote, environment],
      );
      return rows.map(deploymentOf);
    },
    async audit({ remotes, environment, limit }) {
      const { rows } = await pool.query<AuditRow>(
        `SELECT * FROM release_audit WHERE remote = ANY($1) AND ($2::text IS NULL OR environment = $2)
         ORDER BY id DESC LIMIT $3`,
        [remotes, environment ?? null, limit],
      );
      return rows.map(auditEntryOf);
    },
    async flip(change) {
      await inTransaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
          `registry:${change.environment}:${change.remote}`,
        ]);
        const { rows } = await client.query<{ version: string; manifest_url: string }>(
          'SELECT version, manifest_url FROM registry_lines WHERE environment = $1 AND remote = $2',
          [change.environment, change.remote],
        );
        const current = rows[0] ? { version: rows[0].version, manifestUrl: rows[0].manifest_url } : null;
        if (!sameLine(current, change.expectedBefore)) throw new FlipConflictError(current);
        if (change.newVersion) {
          const inserted = await client.query(
            `INSERT INTO release_versions (remote, version, manifest_url, source_commit, created_by)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
            [
              change.remote,
              change.to.version,
              change.to.manifestUrl,
              change.newVersion.sourceCommit,
              change.newVersion.createdBy,
            ],
          );
          if (inserted.rowCount === 0) throw new DuplicateVersionError();
        }
        await client.query(
          `INSERT INTO registry_lines (environment, remote, version, manifest_url) VALUES ($1, $2, $3, $4)
           ON CONFLICT (environment, remote) DO UPDATE SET version = excluded.version,
             manifest_url = excluded.manifest_url, updated_at = now()`,
          [change.environment, change.remote, change.to.version, change.to.manifestUrl],
        );
        await insertAudit(client, doneRecord(change));
      });
    },
    async record(entry) {
      await insertAudit(pool, entry);
    },
  };
}

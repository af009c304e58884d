/**
 * The stored outcomes of release writes and the references of a version, as both engines read them
 * (db/releaseRepository.ts: OperationRecord, versionUsage).
 */
import type { ReleaseEnvironment, VersionReference } from 'shared-releases';
import type { OperationRecord } from './releaseRepository';

export interface OperationRow {
  actor_uid: string;
  operation_id: string;
  fingerprint: string;
  status: number;
  /** JSON text on both engines */
  body: string;
}

export const operationValues = (operation: OperationRecord): unknown[] => [
  operation.actorUid,
  operation.operationId,
  operation.fingerprint,
  operation.status,
  JSON.stringify(operation.body),
];

export const operationOf = (row: OperationRow): OperationRecord => ({
  actorUid: row.actor_uid,
  operationId: row.operation_id,
  fingerprint: row.fingerprint,
  status: row.status,
  body: JSON.parse(row.body) as unknown,
});

/**
 * Every place a version of a remote is named, with `$remote` and `$version` (named parameters on
 * SQLite, rewritten to $1/$2 for PostgreSQL): a line's live release or canary (any status: a
 * withdrawn canary's files are still named until it is cleared), and the history, the audit lines
 * of changes carried out (refusals name versions that never went anywhere).
 */
export const VERSION_USAGE_SQL = `
  SELECT environment, 'live' AS place FROM registry_lines WHERE remote = $remote AND version = $version
  UNION ALL
  SELECT environment, 'canary' AS place FROM registry_lines WHERE remote = $remote AND canary_version = $version
  UNION ALL
  SELECT DISTINCT environment, 'history' AS place FROM release_audit
    WHERE remote = $remote AND version = $version AND outcome = 'done'`;

export const referenceOf = (row: { environment: string; place: string }): VersionReference => ({
  environment: row.environment as ReleaseEnvironment,
  as: row.place as VersionReference['as'],
});

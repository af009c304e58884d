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

export const operationRowOf = (operation: OperationRecord): OperationRow => ({
  actor_uid: operation.actorUid,
  operation_id: operation.operationId,
  fingerprint: operation.fingerprint,
  status: operation.status,
  body: JSON.stringify(operation.body),
});

export const operationOf = (row: OperationRow): OperationRecord => ({
  actorUid: row.actor_uid,
  operationId: row.operation_id,
  fingerprint: row.fingerprint,
  status: row.status,
  body: JSON.parse(row.body) as unknown,
});

export const referenceOf = (row: { environment: string; place: string }): VersionReference => ({
  environment: row.environment as ReleaseEnvironment,
  as: row.place as VersionReference['as'],
});

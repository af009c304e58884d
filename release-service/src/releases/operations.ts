/**
 * Operation ids (docs/releasing.md, "Operation ids"): the client names every release write with an
 * id (header `Idempotency-Key`) and sends it again on every retry; the decided outcome is stored
 * under (actor, id) with the change, so a retry after a lost answer gets the first outcome back.
 */
import type { VersionUsage } from 'shared-releases';
import type { AuthenticatedUser } from 'service-kit';
import type { OperationRecord, ReleaseRepository } from '../db/releaseRepository';
import type { ReleasableRemote } from './remotes';

/** What the route read from the request, and the status a success answers with. */
export interface OperationContext {
  operationId: string;
  /** method, path and body hash */
  fingerprint: string;
  successStatus: number;
}

/** The outcome to store for an attempt that carries an operation id (undefined otherwise). */
export function operationRecord(
  attempt: { user: AuthenticatedUser; operation?: OperationContext | undefined },
  status: number,
  body: unknown,
): OperationRecord | undefined {
  const { operation, user } = attempt;
  return (
    operation && {
      actorUid: user.uid,
      operationId: operation.operationId,
      fingerprint: operation.fingerprint,
      status,
      body,
    }
  );
}

/** A success's outcome: the status the route answers with. */
export const successRecord = (
  attempt: { user: AuthenticatedUser; operation?: OperationContext | undefined },
  body: unknown,
) => operationRecord(attempt, attempt.operation?.successStatus ?? 200, body);

/** Reads of the stored outcomes and of where a version is named (the CLI asks both). */
export function createOperationViews(repo: ReleaseRepository) {
  return {
    operation: (actorUid: string, operationId: string) => repo.operation(actorUid, operationId),
    /**
     * Whether a version's published folder is named anywhere. Any signed-in account may ask: a CLI
     * whose release was refused for its rights must still learn that its folder can go, and the
     * answer reveals no more than a version id's use (the live lines are public anyway).
     */
    async versionUsage(target: ReleasableRemote, version: string): Promise<VersionUsage> {
      const where = await repo.versionUsage(target.remote, version);
      return { version, referenced: where.length > 0, where };
    },
  };
}

/**
 * The release registry's changes, written once for both engines with Kysely (releaseRepository.ts
 * says what each call promises), beside its reads (kyselyReleaseReads.ts). A change is one
 * transaction that takes the engine's lock on its line first (PostgreSQL: an advisory lock, so
 * instances deciding at once take turns and the second sees the first's line; SQLite: nothing,
 * Kysely runs one transaction at a time on the one connection), then checks the state it replaces.
 */
import type { Kysely, Transaction } from 'kysely';
import { createReleaseReads, readEntry } from './kyselyReleaseReads';
import type { ReleaseEngine, ReleaseTables } from './releaseDatabase';
import {
  assertUnchanged,
  type AuditRecord,
  type CanaryChange,
  DuplicateVersionError,
  FlipConflictError,
  OperationExistsError,
  type OperationRecord,
  type ReleaseRepository,
  sameLine,
} from './releaseRepository';
import { operationRowOf } from './releaseOperationRows';
import { auditRowOf, canaryColumnsOf, doneRecord } from './releaseRows';

type Db = Kysely<ReleaseTables> | Transaction<ReleaseTables>;
type Trx = Transaction<ReleaseTables>;

/** INSERT … ON CONFLICT DO NOTHING wrote nothing (the key exists). */
const nothingInserted = (result: { numInsertedOrUpdatedRows?: bigint }) =>
  Number(result.numInsertedOrUpdatedRows ?? 0) === 0;

export function createReleaseRepository(kysely: Kysely<ReleaseTables>, engine: ReleaseEngine): ReleaseRepository {
  const insertAudit = (db: Db, entry: AuditRecord) => db.insertInto('release_audit').values(auditRowOf(entry));

  /**
   * Inside the change's transaction: an id answered already rolls the whole change back. On
   * PostgreSQL a concurrent insert of the same key waits for the other transaction; committed,
   * this one finds the row.
   */
  const storeOperation = async (trx: Trx, operation: OperationRecord | undefined) => {
    if (!operation) return;
    const inserted = await trx
      .insertInto('release_operations')
      .values(operationRowOf(operation))
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (nothingInserted(inserted)) throw new OperationExistsError();
  };

  const insertVersion = async (
    trx: Trx,
    remote: string,
    line: { version: string; manifestUrl: string },
    by: NonNullable<CanaryChange['newVersion']>,
  ) => {
    const inserted = await trx
      .insertInto('release_versions')
      .values({
        remote,
        version: line.version,
        manifest_url: line.manifestUrl,
        source_commit: by.sourceCommit,
        created_by: by.createdBy,
      })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (nothingInserted(inserted)) throw new DuplicateVersionError();
  };

  /** `work` in a transaction that holds the line of `change` (see the top of the file). */
  const onLine = <T>(change: { environment: string; remote: string }, work: (trx: Trx) => Promise<T>) =>
    kysely.transaction().execute(async (trx) => {
      await engine.lock(trx, `registry:${change.environment}:${change.remote}`);
      return work(trx);
    });

  /** Writes the line's columns (`line`), inserted or over the stored ones. */
  const writeLine = (trx: Trx, environment: string, remote: string, line: Record<string, unknown>) =>
    trx
      .insertInto('registry_lines')
      .values(Object.assign({ environment, remote }, line) as never)
      .onConflict((conflict) =>
        conflict.columns(['environment', 'remote']).doUpdateSet(Object.assign({ updated_at: engine.now }, line)),
      )
      .execute();

  /**
   * The line, or for a refusal counted per minute one more attempt on the minute's line of that
   * actor, remote and environment (written now if it is the first); the outcome in the same
   * transaction, so a replayed id neither writes nor counts.
   */
  const record = async (trx: Trx, entry: AuditRecord, operation: OperationRecord | undefined) => {
    const minute = entry.countInMinute;
    if (minute === undefined || entry.actor.uid === null) {
      await insertAudit(trx, entry).execute();
    } else {
      const key = { actor_uid: entry.actor.uid, remote: entry.remote, environment: entry.environment, minute };
      // Serialised per key, so two refusals at once make one line.
      await engine.lock(trx, `refusals:${Object.values(key).join(':')}`);
      const counted = await trx
        .updateTable('release_refusal_minutes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('actor_uid', '=', key.actor_uid)
        .where('remote', '=', key.remote)
        .where('environment', '=', key.environment)
        .where('minute', '=', key.minute)
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) === 0) {
        const { id } = await insertAudit(trx, entry).returning('id').executeTakeFirstOrThrow();
        await trx
          .insertInto('release_refusal_minutes')
          .values(Object.assign({ audit_id: id, attempts: 1 }, key))
          .execute();
      }
    }
    await storeOperation(trx, operation);
  };

  return Object.assign(createReleaseReads(kysely, engine), {
    flip: (change) =>
      onLine(change, async (trx) => {
        const current = await readEntry(trx, change.environment, change.remote);
        // A canary that started after the decision: the flip was not decided against it.
        if (!sameLine(current.live, change.expectedBefore) || current.canary?.status === 'running') {
          throw new FlipConflictError(current.live);
        }
        if (change.newVersion) await insertVersion(trx, change.remote, change.to, change.newVersion);
        // The canary columns are kept: a withdrawn canary's record stays until it is cleared.
        const line = { version: change.to.version, manifest_url: change.to.manifestUrl };
        await writeLine(trx, change.environment, change.remote, line);
        await insertAudit(trx, doneRecord(change)).execute();
        await storeOperation(trx, change.operation);
      }),
    changeCanary: (change) =>
      onLine(change, async (trx) => {
        assertUnchanged(await readEntry(trx, change.environment, change.remote), change.expected);
        const { live, canary } = change.to;
        if (change.newVersion && canary) await insertVersion(trx, change.remote, canary, change.newVersion);
        if (!live && !canary) {
          await trx
            .deleteFrom('registry_lines')
            .where('environment', '=', change.environment)
            .where('remote', '=', change.remote)
            .execute();
        } else {
          const line = { version: live?.version ?? null, manifest_url: live?.manifestUrl ?? null };
          await writeLine(trx, change.environment, change.remote, Object.assign(line, canaryColumnsOf(canary)));
        }
        await insertAudit(trx, change.audit).execute();
        await storeOperation(trx, change.operation);
      }),
    async record(entry, operation) {
      // A plain line alone needs no transaction.
      if (!operation && entry.countInMinute === undefined) return void (await insertAudit(kysely, entry).execute());
      await kysely.transaction().execute((trx) => record(trx, entry, operation));
    },
    // created_at: ISO 8601 UTC text with ms on SQLite (compared as text), timestamptz on PostgreSQL.
    pruneOperations: async (before) =>
      Number(
        (
          await kysely
            .deleteFrom('release_operations')
            .where('created_at', '<', before.toISOString())
            .executeTakeFirst()
        ).numDeletedRows,
      ),
  } satisfies Partial<ReleaseRepository>);
}

/**
 * The release registry, written once for both engines with Kysely (releaseRepository.ts says what
 * each call promises). A change is one transaction that takes the engine's lock on its line first
 * (PostgreSQL: an advisory lock, so instances deciding at once take turns and the second sees the
 * first's line; SQLite: nothing, Kysely runs one transaction at a time on the one connection), then
 * checks the state it replaces.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { ReleaseEngine, ReleaseTables } from './releaseDatabase';
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
} from './releaseRepository';
import { operationOf, operationRowOf, referenceOf } from './releaseOperationRows';
import { auditEntryOf, auditRowOf, canaryColumnsOf, deploymentOf, doneRecord, entryOf, versionOf } from './releaseRows';
import { REGISTRY_COLUMNS } from './releaseRows';

type Db = Kysely<ReleaseTables> | Transaction<ReleaseTables>;
type Trx = Transaction<ReleaseTables>;

const EMPTY: RegistryEntry = { live: null, canary: null };
/** INSERT … ON CONFLICT DO NOTHING wrote nothing (the key exists). */
const nothingInserted = (result: { numInsertedOrUpdatedRows?: bigint }) =>
  Number(result.numInsertedOrUpdatedRows ?? 0) === 0;

export function createReleaseRepository(kysely: Kysely<ReleaseTables>, engine: ReleaseEngine): ReleaseRepository {
  const readEntry = async (db: Db, environment: string, remote: string): Promise<RegistryEntry> => {
    const row = await db
      .selectFrom('registry_lines')
      .select(REGISTRY_COLUMNS)
      .where('environment', '=', environment)
      .where('remote', '=', remote)
      .executeTakeFirst();
    return row ? entryOf(row) : EMPTY;
  };

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

  /**
   * Every place a version of a remote is named: a line's live release or canary (any status: a
   * withdrawn canary's files are still named until it is cleared), and the history, the audit
   * lines of changes carried out (refusals name versions that never went anywhere).
   */
  const versionUsage = (remote: string, version: string) => {
    const inLines = (column: 'version' | 'canary_version', place: 'live' | 'canary') =>
      kysely
        .selectFrom('registry_lines')
        .select(['environment', sql.lit<string>(place).as('place')])
        .where('remote', '=', remote)
        .where(column, '=', version);
    const inHistory = kysely
      .selectFrom('release_audit')
      .select(['environment', sql.lit<string>('history').as('place')])
      .distinct()
      .where('remote', '=', remote)
      .where('version', '=', version)
      .where('outcome', '=', 'done');
    return inLines('version', 'live').unionAll(inLines('canary_version', 'canary')).unionAll(inHistory).execute();
  };

  return {
    async registryVersion() {
      const row = await kysely
        .selectFrom('registry_version')
        .select(sql<string>`epoch || '-' || version`.as('token'))
        .where('id', '=', 1)
        .executeTakeFirst();
      if (!row) throw new Error('registry_version has no row (migrations not applied?)');
      return row.token;
    },
    async lines(environment) {
      const rows = await kysely
        .selectFrom('registry_lines')
        .select(['remote', 'version', 'manifest_url'])
        .where('environment', '=', environment)
        .where('version', 'is not', null)
        .execute();
      return Object.fromEntries(
        rows.map((row) => [row.remote, { version: row.version!, manifestUrl: row.manifest_url! }]),
      );
    },
    async entries(environment) {
      const rows = await kysely
        .selectFrom('registry_lines')
        .select(REGISTRY_COLUMNS)
        .where('environment', '=', environment)
        .execute();
      return Object.fromEntries(rows.map((row) => [row.remote, entryOf(row)]));
    },
    entry: (environment, remote) => readEntry(kysely, environment, remote),
    async findVersion(remote, version) {
      const row = await kysely
        .selectFrom('release_versions')
        .selectAll()
        .where('remote', '=', remote)
        .where('version', '=', version)
        .executeTakeFirst();
      return row ? versionOf(row) : null;
    },
    versions: async (remote) =>
      (
        await kysely
          .selectFrom('release_versions')
          .selectAll()
          .where('remote', '=', remote)
          .orderBy('created_at', 'desc')
          .orderBy(engine.madeLast, 'desc')
          .execute()
      ).map(versionOf),
    deployments: async (remote, environment) =>
      (
        await kysely
          .selectFrom('release_audit')
          .select(['version', 'manifest_url', 'action', 'at', 'actor_email'])
          .where('remote', '=', remote)
          .where('environment', '=', environment)
          .where('outcome', '=', 'done')
          .where('action', 'in', DEPLOYING_ACTIONS)
          .orderBy('id')
          .execute()
      ).map((row) => deploymentOf(Object.assign({}, row, { version: row.version!, manifest_url: row.manifest_url! }))),
    async audit({ remotes, environment, limit, before }) {
      if (remotes.length === 0) return []; // (`IN ()` is no SQL)
      let query = kysely
        .selectFrom('release_audit')
        .selectAll('release_audit')
        // A summed refusal's count lives beside its line (the audit table is append-only).
        .select((eb) =>
          eb
            .selectFrom('release_refusal_minutes')
            .select('attempts')
            .whereRef('audit_id', '=', 'release_audit.id')
            .as('attempts'),
        )
        .where('remote', 'in', remotes);
      if (environment !== undefined) query = query.where('environment', '=', environment);
      if (before !== undefined) query = query.where('id', '<', before);
      return (await query.orderBy('id', 'desc').limit(limit).execute()).map(auditEntryOf);
    },
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
    async operation(actorUid, operationId) {
      const row = await kysely
        .selectFrom('release_operations')
        .selectAll()
        .where('actor_uid', '=', actorUid)
        .where('operation_id', '=', operationId)
        .executeTakeFirst();
      return row ? operationOf(row) : null;
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
    versionUsage: async (remote, version) => (await versionUsage(remote, version)).map(referenceOf),
  };
}

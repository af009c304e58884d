/**
 * The release registry's reads, written once for both engines with Kysely (releaseRepository.ts
 * says what each returns); kyselyReleaseRepository.ts adds the changes.
 */
import { type Kysely, sql } from 'kysely';
import { compiledOnce } from 'service-kit/kysely';
import type { ReleaseEngine, ReleaseTables } from './releaseDatabase';
import { DEPLOYING_ACTIONS, type RegistryEntry, type ReleaseRepository } from './releaseRepository';
import { operationOf, referenceOf } from './releaseOperationRows';
import { auditEntryOf, deploymentOf, entryOf, REGISTRY_COLUMNS, versionOf } from './releaseRows';

export type ReleaseReads = Omit<ReleaseRepository, 'flip' | 'changeCanary' | 'record' | 'pruneOperations'>;

const EMPTY: RegistryEntry = { live: null, canary: null };

/** A line as stored now (both null: none), read on `db`: the store, or a change's transaction. */
export async function readEntry(
  db: Kysely<ReleaseTables>,
  environment: string,
  remote: string,
): Promise<RegistryEntry> {
  const row = await db
    .selectFrom('registry_lines')
    .select(REGISTRY_COLUMNS)
    .where('environment', '=', environment)
    .where('remote', '=', remote)
    .executeTakeFirst();
  return row ? entryOf(row) : EMPTY;
}

export function createReleaseReads(kysely: Kysely<ReleaseTables>, engine: ReleaseEngine): ReleaseReads {
  // Read on every health report and every registry request: compiled once (service-kit/kysely).
  const entries = compiledOnce((db: Kysely<ReleaseTables>, environment: string) =>
    db.selectFrom('registry_lines').select(REGISTRY_COLUMNS).where('environment', '=', environment),
  );
  const registryVersion = compiledOnce((db: Kysely<ReleaseTables>) =>
    db
      .selectFrom('registry_version')
      .select(sql<string>`epoch || '-' || version`.as('token'))
      .where('id', '=', 1),
  );
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
      const row = (await registryVersion(kysely)).rows[0];
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
      const { rows } = await entries(kysely, environment);
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
    async operation(actorUid, operationId) {
      const row = await kysely
        .selectFrom('release_operations')
        .selectAll()
        .where('actor_uid', '=', actorUid)
        .where('operation_id', '=', operationId)
        .executeTakeFirst();
      return row ? operationOf(row) : null;
    },
    versionUsage: async (remote, version) => (await versionUsage(remote, version)).map(referenceOf),
  };
}

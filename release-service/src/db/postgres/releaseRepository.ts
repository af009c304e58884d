/**
 * The release registry on PostgreSQL. A change locks its line's key (an advisory lock per
 * environment and remote, taken in the transaction) before comparing it, so instances deciding at
 * once are serialised and the second sees the first's line (db/releaseRepository.ts).
 */
import type pg from 'pg';
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
import { inTransaction, placeholders, type Queryable } from 'service-kit/postgres';

const INSERT_AUDIT = `INSERT INTO release_audit (${AUDIT_COLUMNS.join(', ')}) VALUES (${placeholders(AUDIT_COLUMNS.length)})`;
const insertAudit = (db: Queryable, entry: AuditRecord) => db.query(INSERT_AUDIT, auditValues(entry));

const WRITE_ENTRY = `INSERT INTO registry_lines (environment, remote, version, manifest_url, ${CANARY_COLUMNS.join(', ')})
  VALUES (${placeholders(4 + CANARY_COLUMNS.length)})
  ON CONFLICT (environment, remote) DO UPDATE SET version = excluded.version,
    manifest_url = excluded.manifest_url, updated_at = now(),
    ${CANARY_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')}`;

/**
 * Inside the change's transaction. A concurrent insert of the same key waits for the other
 * transaction: committed, this one finds the row and rolls its change back (OperationExistsError).
 */
async function storeOperation(client: pg.PoolClient, operation: OperationRecord | undefined): Promise<void> {
  if (!operation) return;
  const inserted = await client.query(
    `INSERT INTO release_operations (actor_uid, operation_id, fingerprint, status, body)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    operationValues(operation),
  );
  if (inserted.rowCount === 0) throw new OperationExistsError();
}

const USAGE = VERSION_USAGE_SQL.replaceAll('$remote', '$1').replaceAll('$version', '$2');

type Lock = <T>(
  change: { environment: string; remote: string },
  work: (client: pg.PoolClient) => Promise<T>,
) => Promise<T>;

async function readEntry(db: Queryable, environment: string, remote: string): Promise<RegistryEntry> {
  const { rows } = await db.query<RegistryRow>(
    `SELECT ${REGISTRY_COLUMNS} FROM registry_lines WHERE environment = $1 AND remote = $2`,
    [environment, remote],
  );
  return rows[0] ? entryOf(rows[0]) : { live: null, canary: null };
}

async function insertVersion(
  client: pg.PoolClient,
  remote: string,
  version: string,
  manifestUrl: string,
  by: NonNullable<CanaryChange['newVersion']>,
): Promise<void> {
  const inserted = await client.query(
    `INSERT INTO release_versions (remote, version, manifest_url, source_commit, created_by)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [remote, version, manifestUrl, by.sourceCommit, by.createdBy],
  );
  if (inserted.rowCount === 0) throw new DuplicateVersionError();
}

export function createPostgresReleaseRepository(pool: pg.Pool): ReleaseRepository {
  const locked: Lock = (change, work) =>
    inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `registry:${change.environment}:${change.remote}`,
      ]);
      return work(client);
    });

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
        'SELECT remote, version, manifest_url FROM registry_lines WHERE environment = $1 AND version IS NOT NULL',
        [environment],
      );
      return Object.fromEntries(
        rows.map((row) => [row.remote, { version: row.version, manifestUrl: row.manifest_url }]),
      );
    },
    async entries(environment) {
      const { rows } = await pool.query<RegistryRow>(
        `SELECT ${REGISTRY_COLUMNS} FROM registry_lines WHERE environment = $1`,
        [environment],
      );
      return Object.fromEntries(rows.map((row) => [row.remote, entryOf(row)]));
    },
    entry: (environment, remote) => readEntry(pool, environment, remote),
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
         WHERE remote = $1 AND environment = $2 AND outcome = 'done' AND action = ANY($3) ORDER BY id`,
        [remote, environment, DEPLOYING_ACTIONS],
      );
      return rows.map(deploymentOf);
    },
    async audit({ remotes, environment, limit, before }) {
      const { rows } = await pool.query<AuditRow>(
        `${AUDIT_WITH_ATTEMPTS} WHERE remote = ANY($1) AND ($2::text IS NULL OR environment = $2)
           AND ($3::bigint IS NULL OR id < $3) ORDER BY id DESC LIMIT $4`,
        [remotes, environment ?? null, before ?? null, limit],
      );
      return rows.map(auditEntryOf);
    },
    async flip(change) {
      await locked(change, async (client) => {
        const current = await readEntry(client, change.environment, change.remote);
        // A canary that started after the decision: the flip was not decided against it.
        if (!sameLine(current.live, change.expectedBefore) || current.canary?.status === 'running') {
          throw new FlipConflictError(current.live);
        }
        if (change.newVersion) {
          await insertVersion(client, change.remote, change.to.version, change.to.manifestUrl, change.newVersion);
        }
        // The canary columns are kept: a withdrawn canary's record stays until it is cleared.
        await client.query(
          `INSERT INTO registry_lines (environment, remote, version, manifest_url) VALUES ($1, $2, $3, $4)
           ON CONFLICT (environment, remote) DO UPDATE SET version = excluded.version,
             manifest_url = excluded.manifest_url, updated_at = now()`,
          [change.environment, change.remote, change.to.version, change.to.manifestUrl],
        );
        await insertAudit(client, doneRecord(change));
        await storeOperation(client, change.operation);
      });
    },
    async changeCanary(change) {
      await locked(change, async (client) => {
        assertUnchanged(await readEntry(client, change.environment, change.remote), change.expected);
        const { live, canary } = change.to;
        if (change.newVersion && canary) {
          await insertVersion(client, change.remote, canary.version, canary.manifestUrl, change.newVersion);
        }
        if (!live && !canary) {
          await client.query('DELETE FROM registry_lines WHERE environment = $1 AND remote = $2', [
            change.environment,
            change.remote,
          ]);
        } else {
          await client.query(WRITE_ENTRY, [
            change.environment,
            change.remote,
            live?.version ?? null,
            live?.manifestUrl ?? null,
            ...canaryValues(canary),
          ]);
        }
        await insertAudit(client, change.audit);
        await storeOperation(client, change.operation);
      });
    },
    async record(entry, operation) {
      const minute = entry.countInMinute;
      if (minute === undefined || entry.actor.uid === null) {
        if (!operation) return void (await insertAudit(pool, entry));
        await inTransaction(pool, async (client) => {
          await insertAudit(client, entry);
          await storeOperation(client, operation);
        });
        return;
      }
      // Serialised per actor, remote, environment and minute, so two refusals at once make one
      // line; the outcome in the same transaction, so a replayed id neither writes nor counts.
      const key = [entry.actor.uid, entry.remote, entry.environment, minute];
      await inTransaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`refusals:${key.join(':')}`]);
        const counted = await client.query(
          `UPDATE release_refusal_minutes SET attempts = attempts + 1
           WHERE actor_uid = $1 AND remote = $2 AND environment = $3 AND minute = $4`,
          key,
        );
        if (!counted.rowCount) {
          const { rows } = await client.query<{ id: number }>(`${INSERT_AUDIT} RETURNING id`, auditValues(entry));
          await client.query(
            `INSERT INTO release_refusal_minutes (actor_uid, remote, environment, minute, audit_id, attempts)
             VALUES ($1, $2, $3, $4, $5, 1)`,
            [...key, rows[0]!.id],
          );
        }
        await storeOperation(client, operation);
      });
    },
    async operation(actorUid, operationId) {
      const { rows } = await pool.query<OperationRow>(
        'SELECT * FROM release_operations WHERE actor_uid = $1 AND operation_id = $2',
        [actorUid, operationId],
      );
      return rows[0] ? operationOf(rows[0]) : null;
    },
    async pruneOperations(before) {
      const { rowCount } = await pool.query('DELETE FROM release_operations WHERE created_at < $1', [before]);
      return rowCount ?? 0;
    },
    async versionUsage(remote, version) {
      const { rows } = await pool.query<{ environment: string; place: string }>(USAGE, [remote, version]);
      return rows.map(referenceOf);
    },
  };
}

/**
 * The release registry's rows as both engines read and write them (JSON: text on SQLite, JSONB on
 * PostgreSQL; times: ISO text on SQLite, timestamptz on PostgreSQL), and their mapping to the
 * shapes of releaseRepository.ts and shared-releases.
 */
import type { Selectable } from 'kysely';
import type { AuditAction, AuditEntry, AuditOutcome, Deployment, ReleaseEnvironment } from 'shared-releases';
import type {
  AuditRecord,
  CanaryRecord,
  CanaryStatus,
  FlipChange,
  RegistryEntry,
  VersionRecord,
} from './releaseRepository';
import type { ReleaseTables } from './releaseDatabase';

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);
const json = <T>(value: string | T | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** An audit line as read, with the refusals it stands for (release_refusal_minutes; null: one). */
export type AuditRow = Selectable<ReleaseTables['release_audit']> & { attempts: number | string | null };

export function auditEntryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: iso(row.at),
    actor: { uid: row.actor_uid, email: row.actor_email },
    action: row.action as AuditAction,
    outcome: row.outcome as AuditOutcome,
    remote: row.remote,
    environment: row.environment as ReleaseEnvironment,
    version: row.version,
    sourceCommit: row.source_commit,
    verdict: json(row.verdict),
    before: { version: row.before_version, manifestUrl: row.before_url },
    message: row.message,
    canaryPercent: row.canary_percent,
    decision: json(row.decision),
    attempts: Number(row.attempts ?? 1),
  };
}

/** The audit row's columns as a record writes them (the move copies these), and their values for a record. */
export const AUDIT_COLUMNS = [
  'actor_uid',
  'actor_email',
  'action',
  'outcome',
  'remote',
  'environment',
  'version',
  'manifest_url',
  'source_commit',
  'verdict',
  'before_version',
  'before_url',
  'message',
  'canary_percent',
  'decision',
] as const;

export function auditRowOf(entry: AuditRecord) {
  return {
    actor_uid: entry.actor.uid,
    actor_email: entry.actor.email,
    action: entry.action,
    outcome: entry.outcome,
    remote: entry.remote,
    environment: entry.environment,
    version: entry.version,
    manifest_url: entry.manifestUrl,
    source_commit: entry.sourceCommit,
    verdict: entry.verdict === null ? null : JSON.stringify(entry.verdict),
    before_version: entry.before?.version ?? null,
    before_url: entry.before?.manifestUrl ?? null,
    message: entry.message,
    canary_percent: entry.canaryPercent ?? null,
    decision: entry.decision ? JSON.stringify(entry.decision) : null,
  } satisfies Record<(typeof AUDIT_COLUMNS)[number], unknown>;
}

export function doneRecord(change: FlipChange): AuditRecord {
  return {
    outcome: 'done',
    ...change.audit,
    remote: change.remote,
    environment: change.environment,
    version: change.to.version,
    manifestUrl: change.to.manifestUrl,
    before: change.expectedBefore,
    message: null,
  };
}

export type DeploymentRow = Pick<Selectable<ReleaseTables['release_audit']>, 'action' | 'at' | 'actor_email'> & {
  version: string;
  manifest_url: string;
};

/** A canary promoted is how its version was released in that environment. */
export const deploymentOf = (row: DeploymentRow): Deployment => ({
  version: row.version,
  manifestUrl: row.manifest_url,
  action: (row.action === 'canary-promote' ? 'release' : row.action) as Deployment['action'],
  at: iso(row.at),
  actor: row.actor_email,
});

export type VersionRow = Selectable<ReleaseTables['release_versions']>;

export const versionOf = (row: VersionRow): VersionRecord => ({
  version: row.version,
  manifestUrl: row.manifest_url,
  sourceCommit: row.source_commit,
  createdBy: row.created_by,
  createdAt: iso(row.created_at),
});

/** The canary's columns on registry_lines (canaryColumnsOf writes them). */
export const CANARY_COLUMNS = [
  'canary_version',
  'canary_manifest_url',
  'canary_percent',
  'canary_status',
  'canary_started_at',
  'canary_actor',
  'canary_withdrawn_at',
  'canary_decision',
  'canary_plan',
] as const;

export type RegistryRow = Pick<Selectable<ReleaseTables['registry_lines']>, (typeof REGISTRY_COLUMNS)[number]>;

/** What a read of registry lines selects. */
export const REGISTRY_COLUMNS = ['remote', 'version', 'manifest_url', ...CANARY_COLUMNS] as const;

export function entryOf(row: RegistryRow): RegistryEntry {
  const live =
    row.version !== null && row.manifest_url !== null ? { version: row.version, manifestUrl: row.manifest_url } : null;
  const canary: CanaryRecord | null =
    row.canary_version === null
      ? null
      : {
          version: row.canary_version,
          manifestUrl: row.canary_manifest_url ?? '',
          percent: Number(row.canary_percent ?? 0),
          status: row.canary_status as CanaryStatus,
          startedAt: iso(row.canary_started_at ?? ''),
          actor: row.canary_actor,
          withdrawnAt: row.canary_withdrawn_at === null ? null : iso(row.canary_withdrawn_at),
          decision: json(row.canary_decision),
          plan: json(row.canary_plan),
        };
  return { live, canary };
}

/** The canary's columns of a line as written (all null: no canary). */
export function canaryColumnsOf(canary: CanaryRecord | null) {
  return {
    canary_version: canary?.version ?? null,
    canary_manifest_url: canary?.manifestUrl ?? null,
    canary_percent: canary?.percent ?? null,
    canary_status: canary?.status ?? null,
    canary_started_at: canary?.startedAt ?? null,
    canary_actor: canary?.actor ?? null,
    canary_withdrawn_at: canary?.withdrawnAt ?? null,
    canary_decision: canary?.decision ? JSON.stringify(canary.decision) : null,
    canary_plan: canary?.plan ? JSON.stringify(canary.plan) : null,
  } satisfies Record<(typeof CANARY_COLUMNS)[number], unknown>;
}

/**
 * Where the release registry lives: the live line of each remote per environment, the versions
 * published, and the append-only audit log, in the database the articles already use (SQLite or
 * PostgreSQL). Each flip is one transaction that checks the line it replaces, so two releases at
 * the same moment never both win unnoticed.
 */
import type { AuditAction, AuditEntry, AuditOutcome, Deployment, ReleaseEnvironment } from 'shared-releases';

export interface LiveLine {
  version: string;
  manifestUrl: string;
}

export interface VersionRecord {
  version: string;
  manifestUrl: string;
  sourceCommit: string | null;
  createdBy: string | null;
  createdAt: string;
}

export interface Actor {
  uid: string | null;
  email: string | null;
}

/** One line of the audit log, as it is written (id and time come from the database). */
export interface AuditRecord {
  actor: Actor;
  action: AuditAction;
  outcome: AuditOutcome;
  remote: string;
  environment: ReleaseEnvironment;
  version: string | null;
  manifestUrl: string | null;
  sourceCommit: string | null;
  verdict: AuditEntry['verdict'];
  before: LiveLine | null;
  message: string | null;
}

export interface FlipChange {
  environment: ReleaseEnvironment;
  remote: string;
  to: LiveLine;
  /** The line this flip was decided against (null: none); another one live now is a conflict. */
  expectedBefore: LiveLine | null;
  /** Set for a new release: the version is recorded, and refused if it exists already. */
  newVersion?: { sourceCommit: string | null; createdBy: string | null };
  audit: Pick<AuditRecord, 'actor' | 'action' | 'sourceCommit' | 'verdict'>;
}

export interface AuditFilter {
  /** Only these remotes (the viewer's). */
  remotes: readonly string[];
  environment?: ReleaseEnvironment;
  limit: number;
}

export interface ReleaseRepository {
  /** An opaque token that changes with every change to any registry line. */
  registryVersion(): Promise<string>;
  lines(environment: ReleaseEnvironment): Promise<Record<string, LiveLine>>;
  findVersion(remote: string, version: string): Promise<VersionRecord | null>;
  /** Newest first. */
  versions(remote: string): Promise<VersionRecord[]>;
  /** The flips that made a version live in `environment`, oldest first. */
  deployments(remote: string, environment: ReleaseEnvironment): Promise<Deployment[]>;
  /** Newest first. */
  audit(filter: AuditFilter): Promise<AuditEntry[]>;
  /** Flips the line and writes the audit line in one transaction; throws FlipConflictError or DuplicateVersionError. */
  flip(change: FlipChange): Promise<void>;
  /** Writes a refusal (or any line that changes nothing) to the audit log. */
  record(entry: AuditRecord): Promise<void>;
}

/** The live line changed between the decision and the flip: nothing was written. */
export class FlipConflictError extends Error {
  constructor(readonly current: LiveLine | null) {
    super('the registry line changed since it was read');
    this.name = 'FlipConflictError';
  }
}

export class DuplicateVersionError extends Error {
  constructor() {
    super('the version exists already');
    this.name = 'DuplicateVersionError';
  }
}

export const sameLine = (a: LiveLine | null, b: LiveLine | null): boolean =>
  a === b || (a !== null && b !== null && a.version === b.version && a.manifestUrl === b.manifestUrl);

/** The audit table's row, shared by both engines (verdict: JSON text on SQLite, JSONB on PostgreSQL). */
export interface AuditRow {
  id: number;
  at: string | Date;
  actor_uid: string | null;
  actor_email: string | null;
  action: string;
  outcome: string;
  remote: string;
  environment: string;
  version: string | null;
  source_commit: string | null;
  verdict: string | AuditEntry['verdict'];
  before_version: string | null;
  before_url: string | null;
  message: string | null;
}

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);

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
    verdict: typeof row.verdict === 'string' ? (JSON.parse(row.verdict) as AuditEntry['verdict']) : row.verdict,
    before: { version: row.before_version, manifestUrl: row.before_url },
    message: row.message,
  };
}

/** The audit row's columns in insert order, and their values for a record. */
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
] as const;

export function auditValues(entry: AuditRecord): unknown[] {
  return [
    entry.actor.uid,
    entry.actor.email,
    entry.action,
    entry.outcome,
    entry.remote,
    entry.environment,
    entry.version,
    entry.manifestUrl,
    entry.sourceCommit,
    entry.verdict === null ? null : JSON.stringify(entry.verdict),
    entry.before?.version ?? null,
    entry.before?.manifestUrl ?? null,
    entry.message,
  ];
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

export interface DeploymentRow {
  version: string;
  manifest_url: string;
  action: string;
  at: string | Date;
  actor_email: string | null;
}

export const deploymentOf = (row: DeploymentRow): Deployment => ({
  version: row.version,
  manifestUrl: row.manifest_url,
  action: row.action as Deployment['action'],
  at: iso(row.at),
  actor: row.actor_email,
});

export interface VersionRow {
  version: string;
  manifest_url: string;
  source_commit: string | null;
  created_by: string | null;
  created_at: string | Date;
}

export const versionOf = (row: VersionRow): VersionRecord => ({
  version: row.version,
  manifestUrl: row.manifest_url,
  sourceCommit: row.source_commit,
  createdBy: row.created_by,
  createdAt: iso(row.created_at),
});

/**
 * Where the release registry lives: the live line of each remote per environment (and the canary
 * running beside it), the versions published, and the append-only audit log, in the database the
 * articles already use (SQLite or PostgreSQL). Each change is one transaction that checks the
 * state it replaces, so two changes at the same moment never both win unnoticed. The rows' shapes
 * are in releaseRows.ts.
 */
import type {
  AuditAction,
  AuditEntry,
  AuditOutcome,
  CanaryDecision,
  CanaryPlan,
  CanaryState,
  Deployment,
  ReleaseEnvironment,
  VersionReference,
} from 'shared-releases';

export interface LiveLine {
  version: string;
  manifestUrl: string;
}

export type CanaryStatus = CanaryState['status'];

/** A canary as its registry line stores it (running, or withdrawn by the service). */
export interface CanaryRecord {
  version: string;
  manifestUrl: string;
  /** 1–99 while running, 0 once withdrawn */
  percent: number;
  status: CanaryStatus;
  startedAt: string;
  /** e-mail (or uid) of who started it */
  actor: string | null;
  withdrawnAt: string | null;
  decision: CanaryDecision | null;
  /** the steps the service advances it by; null: moved by hand */
  plan: CanaryPlan | null;
}

/** One remote's line in an environment: the live release (null: its deployed build) and its canary. */
export interface RegistryEntry {
  live: LiveLine | null;
  canary: CanaryRecord | null;
}

/** What a canary change was decided against: its version and status, and its share when it matters. */
export interface CanaryRef {
  version: string;
  status: CanaryStatus;
  percent?: number;
  /** with the share: whether it was paused (a pause after the decision is a conflict) */
  paused?: boolean;
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
  /** The canary's share after a canary action carried out (null otherwise). */
  canaryPercent?: number | null;
  /** canary-withdraw: the figures the service decided on. */
  decision?: CanaryDecision | null;
  /**
   * Set for the refusal of an account with no rights on the remote: the minute (since the epoch)
   * it falls in. The first such refusal of that actor, remote and environment in the minute is a
   * line; the next ones only count into it (`attempts`), so one account cannot flood the log.
   */
  countInMinute?: number;
}

/**
 * The decided outcome of a release write, stored under the actor and the client's operation id in
 * the same transaction as the change (success) or the refusal's audit line (docs/releasing.md).
 */
export interface OperationRecord {
  actorUid: string;
  operationId: string;
  /** method, path and body hash of the request: the same id with another request is refused */
  fingerprint: string;
  status: number;
  body: unknown;
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
  /** Stored in the same transaction; an outcome stored already under its id: OperationExistsError. */
  operation?: OperationRecord;
}

/** A canary started, changed, promoted, cleared or withdrawn: the whole line, as it will be. */
export interface CanaryChange {
  environment: ReleaseEnvironment;
  remote: string;
  /** What was read when deciding; anything else in the line now is a conflict. */
  expected: { live: LiveLine | null; canary: CanaryRef | null };
  /** The line afterwards (both null: the row goes, the remote is served from its deployed build). */
  to: RegistryEntry;
  /** A canary of a new version: the version is recorded (to.canary's), refused if it exists. */
  newVersion?: { sourceCommit: string | null; createdBy: string | null };
  /** Written in the same transaction (outcome done). */
  audit: AuditRecord;
  operation?: OperationRecord;
}

export interface AuditFilter {
  /** Only these remotes (the viewer's). */
  remotes: readonly string[];
  environment?: ReleaseEnvironment;
  limit: number;
  /** Only lines older than this id (paging back from a previous page's last line). */
  before?: number | undefined;
}

export interface ReleaseRepository {
  /** An opaque token that changes with every change to any registry line (canaries included). */
  registryVersion(): Promise<string>;
  /** The live lines of an environment (remotes served from their deployed build are absent). */
  lines(environment: ReleaseEnvironment): Promise<Record<string, LiveLine>>;
  /** Every line of an environment that has a live release or a canary. */
  entries(environment: ReleaseEnvironment): Promise<Record<string, RegistryEntry>>;
  entry(environment: ReleaseEnvironment, remote: string): Promise<RegistryEntry>;
  findVersion(remote: string, version: string): Promise<VersionRecord | null>;
  /** Newest first. */
  versions(remote: string): Promise<VersionRecord[]>;
  /**
   * The steps that made a version live in `environment`, oldest first: releases, promotions,
   * rollbacks, and canaries promoted (as releases: that is how their version went live).
   */
  deployments(remote: string, environment: ReleaseEnvironment): Promise<Deployment[]>;
  /** Newest first, at most `limit`. */
  audit(filter: AuditFilter): Promise<AuditEntry[]>;
  /**
   * Flips the line and writes the audit line in one transaction; throws FlipConflictError (the
   * line changed, or a canary runs there now) or DuplicateVersionError.
   */
  flip(change: FlipChange): Promise<void>;
  /** Changes the canary (and the live line) in one transaction; the same errors as flip. */
  changeCanary(change: CanaryChange): Promise<void>;
  /**
   * Writes a refusal (or any line that changes nothing) to the audit log, with its outcome if given;
   * with `countInMinute`, counts it into that minute's line of the same actor, remote and
   * environment when there is one. The outcome is stored in the same transaction either way (an
   * outcome stored already under its id: OperationExistsError, and nothing is written or counted).
   */
  record(entry: AuditRecord, operation?: OperationRecord): Promise<void>;
  /** The outcome stored under (actor, operation id), or null. */
  operation(actorUid: string, operationId: string): Promise<OperationRecord | null>;
  /** Deletes the outcomes stored before `before` (retention, releases/outcomeRetention.ts); how many. */
  pruneOperations(before: Date): Promise<number>;
  /** Where a version is named: live lines, canaries, and done audit lines, of every environment. */
  versionUsage(remote: string, version: string): Promise<VersionReference[]>;
}

/** An outcome is stored under that (actor, operation id) already: the change was rolled back. */
export class OperationExistsError extends Error {
  constructor() {
    super('an outcome is stored under this operation id already');
    this.name = 'OperationExistsError';
  }
}

/** The registry line changed between the decision and the change: nothing was written. */
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

/** The reference a change is decided against; `withPercent` false: any share (the service's withdrawal). */
export const canaryRefOf = (canary: CanaryRecord | null, withPercent = true): CanaryRef | null =>
  canary && {
    version: canary.version,
    status: canary.status,
    ...(withPercent ? { percent: canary.percent, paused: canary.plan?.paused ?? false } : {}),
  };

/** Whether the stored canary is still the one a change was decided against. */
export function sameCanary(current: CanaryRecord | null, expected: CanaryRef | null): boolean {
  if (current === null || expected === null) return current === expected;
  return (
    current.version === expected.version &&
    current.status === expected.status &&
    (expected.percent === undefined || current.percent === expected.percent) &&
    (expected.paused === undefined || (current.plan?.paused ?? false) === expected.paused)
  );
}

/** The check both engines make inside a canary change's transaction. */
export function assertUnchanged(current: RegistryEntry, expected: CanaryChange['expected']): void {
  if (!sameLine(current.live, expected.live) || !sameCanary(current.canary, expected.canary)) {
    throw new FlipConflictError(current.live);
  }
}

/** The audit actions that made a version live (the history of deployments). */
export const DEPLOYING_ACTIONS = ['release', 'promote', 'rollback', 'canary-promote'] as const;

/**
 * The release service's tables as Kysely sees them (the migrations in sqlite/ and postgres/ make
 * them), and what still differs between the engines: the small `ReleaseEngine` each engine's
 * storage module hands to the repositories, which are written once (kyselyReleaseRepository.ts,
 * kyselyHealthRepository.ts). Reads are typed for both engines: SQLite gives ISO text and JSON
 * text, PostgreSQL gives Date and parsed JSONB; releaseRows.ts maps either.
 */
import type { ColumnType, Expression, Generated, Transaction } from 'kysely';
import type { AuditEntry, CanaryDecision, CanaryPlan } from 'shared-releases';

/** A time the database sets by default (ISO text on SQLite, timestamptz on PostgreSQL). */
type DefaultNow = ColumnType<string | Date, never, string>;
/** A time written as ISO text. */
type Time = ColumnType<string | Date | null, string | null, string | null>;
/** JSON written as text (JSONB on PostgreSQL reads back parsed). */
type Json<T> = ColumnType<string | T | null, string | null, string | null>;

export interface ReleaseTables {
  registry_version: { id: number; epoch: string; version: number };
  release_versions: {
    remote: string;
    version: string;
    manifest_url: string;
    source_commit: string | null;
    created_by: string | null;
    created_at: DefaultNow;
  };
  registry_lines: {
    environment: string;
    remote: string;
    version: string | null;
    manifest_url: string | null;
    updated_at: ColumnType<string | Date, never, Expression<string>>;
    canary_version: string | null;
    canary_manifest_url: string | null;
    canary_percent: number | null;
    canary_status: string | null;
    canary_started_at: Time;
    canary_actor: string | null;
    canary_withdrawn_at: Time;
    canary_decision: Json<CanaryDecision>;
    canary_plan: Json<CanaryPlan>;
  };
  release_audit: {
    id: Generated<number>;
    at: DefaultNow;
    actor_uid: string | null;
    actor_email: string | null;
    action: string;
    outcome: string;
    remote: string;
    environment: string;
    version: string | null;
    manifest_url: string | null;
    source_commit: string | null;
    verdict: Json<NonNullable<AuditEntry['verdict']>>;
    before_version: string | null;
    before_url: string | null;
    message: string | null;
    canary_percent: number | null;
    decision: Json<CanaryDecision>;
  };
  release_refusal_minutes: {
    actor_uid: string;
    remote: string;
    environment: string;
    minute: number;
    audit_id: number;
    attempts: number;
  };
  release_operations: {
    actor_uid: string;
    operation_id: string;
    fingerprint: string;
    status: number;
    /** JSON text on both engines: a replay answers the very bytes of the first answer */
    body: string;
    created_at: DefaultNow;
  };
  release_health: {
    environment: string;
    remote: string;
    version: string;
    minute: number;
    views: number;
    load_failures: number;
    render_crashes: number;
    hydration_errors: number;
  };
  release_health_tokens: {
    token: string;
    remote: string;
    expires_minute: number;
    views: number;
    failures: number;
    taken_views: number;
    taken_failures: number;
  };
  release_vitals: {
    environment: string;
    remote: string;
    version: string;
    metric: string;
    minute: number;
    bucket: number;
    samples: number;
  };
  release_vital_tokens: { token: string; metric: string; expires_minute: number };
}

export interface ReleaseEngine {
  /** The current time as the engine stores updated_at. */
  readonly now: Expression<string>;
  /** The smaller of two integers: MIN on SQLite, LEAST on PostgreSQL. */
  least(a: Expression<number>, b: Expression<number>): Expression<number>;
  /**
   * Holds `key` until the transaction ends, so that changes of one registry line (or one minute's
   * refusals) made by any instance at once take turns, each seeing what the one before committed.
   */
  lock(trx: Transaction<ReleaseTables>, key: string): Promise<void>;
  /** After created_at, what orders versions made in the same instant, newest first. */
  readonly madeLast: Expression<unknown>;
}

/** What the release registry service answers (article-api, /api/registry and /api/releases). */
import type { CanaryDecision, CanaryState, ReleaseHealth } from './canaryTypes';
import type { ReleaseEnvironment } from './environments';

/** GET /api/registry/:environment — public. Remote name → manifest URL of its live release. */
export interface RegistryDocument {
  environment: ReleaseEnvironment;
  /** Changes with every flip of this environment; the response's ETag is made from it. */
  version: string;
  lines: Record<string, string>;
  /** Remotes with a running canary: its manifest URL and the share of visitors (1–99 %) served it. */
  canaries: Record<string, RegistryCanary>;
}

export interface RegistryCanary {
  manifestUrl: string;
  percent: number;
}

/** One flip that made a version live in an environment. */
export interface Deployment {
  version: string;
  manifestUrl: string;
  action: 'release' | 'promote' | 'rollback';
  at: string;
  actor: string | null;
}

export interface EnvironmentReleases {
  /** The live release, or null: the remote is served from its deployed build (REMOTES). */
  live: Deployment | null;
  /** Every flip in this environment, newest first. */
  history: Deployment[];
  /** The canary running (or last withdrawn by the service) in this environment, or null. */
  canary: CanaryState | null;
  /**
   * Views and failure rates in the health window: the live release, and the canary beside it; for a
   * running canary, what the sequential test says now (absent from an older service).
   */
  health: {
    live: ReleaseHealth;
    canary: ReleaseHealth | null;
    windowMinutes: number;
    decision?: CanaryDecision | null;
  };
}

export interface RemoteReleases {
  /** Registry name, e.g. admin_console. */
  remote: string;
  /** Workspace and team name, e.g. admin-console. */
  workspace: string;
  environments: Record<ReleaseEnvironment, EnvironmentReleases>;
  /** Versions published for this remote (released to any environment), newest first. */
  versions: Array<{ version: string; createdAt: string; createdBy: string | null; sourceCommit: string | null }>;
}

export interface ReleaseViewer {
  uid: string;
  email: string | null;
  admin: boolean;
  /** Team claims (workspace names) of the account. */
  teams: string[];
}

/** GET /api/releases — the remotes this account may release (admins: every one). */
export interface ReleaseOverview {
  viewer: ReleaseViewer;
  environments: ReleaseEnvironment[];
  remotes: RemoteReleases[];
}

/**
 * canary: a release started as a canary; canary-percent: its share changed; canary-promote: it
 * became the live release; canary-abort: a person took it back; canary-withdraw: the service did,
 * on its health (actor null, the figures in `decision`); canary-pause / canary-resume: its steps held
 * or let go again. The service's own steps (canary-percent, canary-promote) have actor null too.
 */
export type AuditAction =
  | 'release'
  | 'promote'
  | 'rollback'
  | 'canary'
  | 'canary-percent'
  | 'canary-promote'
  | 'canary-abort'
  | 'canary-withdraw'
  | 'canary-pause'
  | 'canary-resume';
export type AuditOutcome = 'done' | 'refused' | 'forbidden' | 'conflict';

/** One line of the append-only audit log. */
export interface AuditEntry {
  id: number;
  at: string;
  actor: { uid: string | null; email: string | null };
  action: AuditAction;
  outcome: AuditOutcome;
  remote: string;
  environment: ReleaseEnvironment;
  version: string | null;
  sourceCommit: string | null;
  /** The gate's verdict when it ran: problems refuse, notes inform. */
  verdict: { ok: boolean; problems: string[]; notes: string[] } | null;
  /** What was live in that environment before (null: the deployed build). */
  before: { version: string | null; manifestUrl: string | null };
  message: string | null;
  /** The canary's share after this action (canary actions only). */
  canaryPercent: number | null;
  /** canary-withdraw: the health figures the service decided on. */
  decision: CanaryDecision | null;
  /**
   * How many attempts this line stands for: 1, except for the refusals of an account with no
   * rights on the remote, summed into one line per account, remote, environment and minute (so
   * that one account cannot push a remote's history off the page). Absent from an older service.
   */
  attempts?: number;
}

/** GET /api/releases/audit: a page, newest first. */
export interface AuditPage {
  entries: AuditEntry[];
  /** `before` for the next (older) page; null when this page reaches the first line. Absent from an older service. */
  nextBefore?: number | null;
}

/** The answer of a release, promotion or rollback that was carried out. */
export interface FlipResult {
  remote: string;
  environment: ReleaseEnvironment;
  live: Deployment;
  notes: string[];
}

/** The answer of a canary action that was carried out (the canary null once promoted or aborted). */
export interface CanaryResult {
  remote: string;
  environment: ReleaseEnvironment;
  live: Deployment | null;
  canary: CanaryState | null;
  notes: string[];
}

/** POST /api/health: how many entries were counted (entries for unknown releases are not). */
export interface HealthReportResult {
  accepted: number;
}

/** Any refusal: `{ error }` like every API error, plus the gate's problems when it refused. */
export interface ReleaseErrorBody {
  error: string;
  problems?: string[];
  fields?: Record<string, string>;
}

/**
 * GET /api/releases/operations/:id — the stored outcome of a write sent with that operation id
 * (`Idempotency-Key`): its HTTP status and body, as the first answer gave them.
 */
export interface OperationOutcome {
  operationId: string;
  status: number;
  body: unknown;
  replayed: true;
}

/** Where a version of a remote is named: a live line, a canary, or the history (done audit lines). */
export interface VersionReference {
  environment: ReleaseEnvironment;
  as: 'live' | 'canary' | 'history';
}

/** GET /api/releases/:remote/versions/:version — whether its published folder may be removed. */
export interface VersionUsage {
  version: string;
  referenced: boolean;
  where: VersionReference[];
}

/** A write refused because the state it expected is no longer current (409). */
export interface StateMismatchBody extends ReleaseErrorBody {
  current: { live: string | null; canary: string | null };
}

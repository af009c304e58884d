/** What the release registry service answers (article-api, /api/registry and /api/releases). */
import type { ReleaseEnvironment } from './environments';

/** GET /api/registry/:environment — public. Remote name → manifest URL of its live release. */
export interface RegistryDocument {
  environment: ReleaseEnvironment;
  /** Changes with every flip of this environment; the response's ETag is made from it. */
  version: string;
  lines: Record<string, string>;
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

export type AuditAction = 'release' | 'promote' | 'rollback';
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
}

/** GET /api/releases/audit */
export interface AuditPage {
  entries: AuditEntry[];
}

/** The answer of a release, promotion or rollback that was carried out. */
export interface FlipResult {
  remote: string;
  environment: ReleaseEnvironment;
  live: Deployment;
  notes: string[];
}

/** Any refusal: `{ error }` like every API error, plus the gate's problems when it refused. */
export interface ReleaseErrorBody {
  error: string;
  problems?: string[];
  fields?: Record<string, string>;
}

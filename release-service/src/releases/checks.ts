/**
 * What every change of a registry line checks, releases and canaries alike: the account's rights
 * for the remote, the compatibility gate against the environment's shell, and a refusal written to
 * the audit log before it is thrown (docs/releasing.md).
 */
import type { AuditOutcome, ReleaseEnvironment } from 'shared-releases';
import { checkCompatibility, type GateVerdict } from 'shared-releases/gate';
import type { AuthenticatedUser } from 'service-kit';
import type { AppConfig } from '../config';
import type { AuditRecord, LiveLine, RegistryEntry, ReleaseRepository } from '../db/releaseRepository';
import { ApiError, toErrorResponse } from 'service-kit';
import type { ReleaseAccess } from './access';
import { type FetchManifest, ManifestUnavailableError } from './manifests';
import { RELEASE_MESSAGES as M } from './messages';
import { type OperationContext, operationRecord } from './operations';
import type { ReleasableRemote } from './remotes';

/** What one request asks for, as its audit line will name it. */
export interface Attempt {
  user: AuthenticatedUser;
  target: ReleasableRemote;
  environment: ReleaseEnvironment;
  action: AuditRecord['action'];
  version: string | null;
  sourceCommit: string | null;
  /** The write's operation id: its outcome is stored with the change or the refusal's audit line. */
  operation?: OperationContext;
}

export interface RefusalDetails {
  outcome?: AuditOutcome;
  verdict?: GateVerdict | null;
  before?: LiveLine | null;
  manifestUrl?: string | null;
}

export interface ReleaseChecksDeps {
  repo: ReleaseRepository;
  config: Pick<AppConfig, 'releaseShellManifests'>;
  fetchManifest: FetchManifest;
  access: ReleaseAccess;
  /** Milliseconds since the epoch: the minute a refusal without rights is counted into. */
  clock: () => number;
}

export function createReleaseChecks({ repo, config, fetchManifest, access, clock }: ReleaseChecksDeps) {
  /**
   * Writes the refusal to the audit log, with its outcome under the operation id (a 5xx decided
   * nothing: a retry runs again), then throws it.
   */
  async function refuse(
    attempt: Attempt,
    error: ApiError,
    { outcome = 'refused', verdict = null, before = null, manifestUrl = null }: RefusalDetails = {},
  ): Promise<never> {
    const { status, body } = toErrorResponse(error);
    const operation = status < 500 ? operationRecord(attempt, status, body) : undefined;
    await repo.record(
      {
        actor: { uid: attempt.user.uid, email: attempt.user.email },
        action: attempt.action,
        outcome,
        remote: attempt.target.remote,
        environment: attempt.environment,
        version: attempt.version,
        manifestUrl,
        sourceCommit: attempt.sourceCommit,
        verdict,
        before,
        message: error.message,
        // An account with no rights on the remote may try again and again: its refusals make one
        // line per minute with a count, never enough lines to push the remote's history off a page.
        // Each attempt's outcome is still stored under its own operation id.
        ...(outcome === 'forbidden' ? { countInMinute: Math.floor(clock() / 60_000) } : {}),
      },
      operation,
    );
    throw error;
  }

  async function authorize(attempt: Attempt): Promise<void> {
    if (!access.mayRelease(attempt.user, attempt.target)) {
      await refuse(attempt, new ApiError(403, M.notATeamMember(attempt.target.workspace)), { outcome: 'forbidden' });
    }
  }

  /** The gate against the environment's shell; a refusal or an unreadable manifest is audited. */
  async function gate(attempt: Attempt, manifestUrl: string, before: LiveLine | null): Promise<GateVerdict> {
    const { target, environment } = attempt;
    const shellUrl = config.releaseShellManifests[environment];
    let remoteManifest;
    try {
      remoteManifest = await fetchManifest(manifestUrl);
    } catch (error) {
      const reason = error instanceof ManifestUnavailableError ? error.reason : String(error);
      const notFound = error instanceof ManifestUnavailableError && error.notFound;
      const refusal = notFound
        ? new ApiError(404, M.versionNotPublished(target.workspace, attempt.version ?? '', manifestUrl))
        : new ApiError(502, M.storeUnreachable(manifestUrl, reason));
      return refuse(attempt, refusal, { before, manifestUrl });
    }
    let shellManifest;
    try {
      shellManifest = await fetchManifest(shellUrl);
    } catch (error) {
      const reason = error instanceof ManifestUnavailableError ? error.reason : String(error);
      return refuse(attempt, new ApiError(502, M.shellUnreachable(environment, shellUrl, reason)), {
        before,
        manifestUrl,
      });
    }
    const verdict = checkCompatibility({ remoteManifest, shellManifest, federationName: target.remote });
    if (!verdict.ok) {
      const refusal = new ApiError(
        409,
        M.gateRefused(target.workspace, attempt.version ?? '', environment),
        undefined,
        verdict.problems,
      );
      return refuse(attempt, refusal, { verdict, before, manifestUrl });
    }
    return verdict;
  }

  /** The 409 of a change that lost to another one made meanwhile, audited as a conflict. */
  const conflict = (attempt: Attempt, details: RefusalDetails) =>
    refuse(
      attempt,
      new ApiError(409, M.conflict(attempt.target.workspace, attempt.environment)),
      Object.assign({}, details, { outcome: 'conflict' as const }),
    );

  /**
   * The state the operator saw against the line now (undefined: not stated): a mismatch is a 409
   * naming what is current, audited as a conflict, and nothing else is done.
   */
  async function expectState(
    attempt: Attempt,
    entry: RegistryEntry,
    expected: { live?: string | null | undefined; canary?: string | undefined },
  ): Promise<void> {
    const live = entry.live?.version ?? null;
    const canary = entry.canary?.version ?? null;
    if (
      (expected.live === undefined || expected.live === live) &&
      (expected.canary === undefined || expected.canary === canary)
    ) {
      return;
    }
    const { workspace } = attempt.target;
    await refuse(
      attempt,
      new ApiError(409, M.stateMismatch(workspace, attempt.environment, live, canary), undefined, undefined, {
        current: { live, canary },
      }),
      { outcome: 'conflict', before: entry.live },
    );
  }

  return { refuse, authorize, gate, conflict, expectState };
}

export type ReleaseChecks = ReturnType<typeof createReleaseChecks>;

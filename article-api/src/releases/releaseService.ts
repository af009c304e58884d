/**
 * The release registry's rules (docs/releasing.md): who may flip which remote, the compatibility
 * gate against the environment's shell, and an audit line for everything that was done or refused
 * past the token check. Routes (routes/releases.ts) only parse and answer.
 */
import { type AuditOutcome, type FlipResult, type ReleaseEnvironment, rollbackStep } from 'shared-releases';
import { checkCompatibility, type GateVerdict } from 'shared-releases/gate';
import type { AuthenticatedUser } from '../auth/types';
import type { AppConfig } from '../config';
import {
  type AuditRecord,
  DuplicateVersionError,
  FlipConflictError,
  type LiveLine,
  type ReleaseRepository,
} from '../db/releaseRepository';
import { ApiError } from '../errors';
import { type FetchManifest, ManifestUnavailableError } from './manifests';
import { RELEASE_MESSAGES as M } from './messages';
import { releaseAccess } from './access';
import { type ReleasableRemote, releaseManifestUrl } from './remotes';
import { createReleaseViews } from './releaseViews';

export interface ReleaseServiceDeps {
  repo: ReleaseRepository;
  config: Pick<AppConfig, 'releasePublicUrl' | 'releaseShellManifests'>;
  fetchManifest: FetchManifest;
  isAdmin: (user: AuthenticatedUser) => boolean;
}

type Action = AuditRecord['action'];

/** What one request asks for, as its audit line will name it. */
interface Attempt {
  user: AuthenticatedUser;
  target: ReleasableRemote;
  environment: ReleaseEnvironment;
  action: Action;
  version: string | null;
  sourceCommit: string | null;
}

export function createReleaseService({ repo, config, fetchManifest, isAdmin }: ReleaseServiceDeps) {
  const access = releaseAccess(isAdmin);
  const { mayRelease, remoteNamed } = access;

  /** Writes the refusal to the audit log, then throws it. */
  async function refuse(
    attempt: Attempt,
    error: ApiError,
    {
      outcome = 'refused',
      verdict = null,
      before = null,
      manifestUrl = null,
    }: {
      outcome?: AuditOutcome;
      verdict?: GateVerdict | null;
      before?: LiveLine | null;
      manifestUrl?: string | null;
    } = {},
  ): Promise<never> {
    await repo.record({
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
    });
    throw error;
  }

  async function authorize(attempt: Attempt): Promise<void> {
    if (!mayRelease(attempt.user, attempt.target)) {
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

  /** Flips the line decided against `before`; a line changed meanwhile is a 409, audited. */
  async function flip(
    attempt: Attempt,
    to: LiveLine,
    before: LiveLine | null,
    verdict: GateVerdict,
    isNew: boolean,
  ): Promise<FlipResult> {
    const { user, target, environment, action, sourceCommit } = attempt;
    try {
      await repo.flip({
        environment,
        remote: target.remote,
        to,
        expectedBefore: before,
        audit: { actor: { uid: user.uid, email: user.email }, action, sourceCommit, verdict },
        ...(isNew ? { newVersion: { sourceCommit, createdBy: user.email ?? user.uid } } : {}),
      });
    } catch (error) {
      if (error instanceof FlipConflictError) {
        return refuse(attempt, new ApiError(409, M.conflict(target.workspace, environment)), {
          outcome: 'conflict',
          verdict,
          before,
          manifestUrl: to.manifestUrl,
        });
      }
      if (error instanceof DuplicateVersionError) {
        return refuse(attempt, new ApiError(409, M.versionExists(target.workspace, to.version)), { before });
      }
      throw error;
    }
    return {
      remote: target.remote,
      environment,
      live: {
        version: to.version,
        manifestUrl: to.manifestUrl,
        action,
        at: new Date().toISOString(),
        actor: user.email,
      },
      notes: verdict.notes,
    };
  }

  const lineOf = async (environment: ReleaseEnvironment, remote: string) =>
    (await repo.lines(environment))[remote] ?? null;

  return Object.assign(createReleaseViews(repo, access), {
    remoteNamed,

    async release(
      user: AuthenticatedUser,
      target: ReleasableRemote,
      environment: ReleaseEnvironment,
      { version, sourceCommit }: { version: string; sourceCommit?: string | undefined },
    ): Promise<FlipResult> {
      const attempt: Attempt = {
        user,
        target,
        environment,
        action: 'release',
        version,
        sourceCommit: sourceCommit ?? null,
      };
      await authorize(attempt);
      const before = await lineOf(environment, target.remote);
      if (await repo.findVersion(target.remote, version)) {
        await refuse(attempt, new ApiError(409, M.versionExists(target.workspace, version)), { before });
      }
      const manifestUrl = releaseManifestUrl(config.releasePublicUrl, target, version);
      const verdict = await gate(attempt, manifestUrl, before);
      return flip(attempt, { version, manifestUrl }, before, verdict, true);
    },

    /** A version released before (to staging) made live in `environment`: the same folder, gated again. */
    async promote(
      user: AuthenticatedUser,
      target: ReleasableRemote,
      environment: ReleaseEnvironment,
      { version }: { version: string },
    ): Promise<FlipResult> {
      const known = await repo.findVersion(target.remote, version);
      const attempt: Attempt = {
        user,
        target,
        environment,
        action: 'promote',
        version,
        sourceCommit: known?.sourceCommit ?? null,
      };
      await authorize(attempt);
      const before = await lineOf(environment, target.remote);
      if (!known) return refuse(attempt, new ApiError(404, M.unknownVersion(target.workspace, version)), { before });
      if (before?.version === version) {
        return refuse(attempt, new ApiError(409, M.alreadyLive(target.workspace, version, environment)), { before });
      }
      const verdict = await gate(attempt, known.manifestUrl, before);
      return flip(attempt, { version, manifestUrl: known.manifestUrl }, before, verdict, false);
    },

    /** Back to the version made live before the live one in this environment (again: further back). */
    async rollback(user: AuthenticatedUser, target: ReleasableRemote, environment: ReleaseEnvironment) {
      const attempt: Attempt = { user, target, environment, action: 'rollback', version: null, sourceCommit: null };
      await authorize(attempt);
      const before = await lineOf(environment, target.remote);
      if (!before) return refuse(attempt, new ApiError(409, M.notServedFromStore(target.workspace, environment)));
      const previous = rollbackStep(await repo.deployments(target.remote, environment), before.version);
      if (!previous) {
        return refuse(attempt, new ApiError(409, M.nothingBefore(target.workspace, before.version, environment)), {
          before,
        });
      }
      const rollbackAttempt: Attempt = Object.assign({}, attempt, { version: previous.version });
      const verdict = await gate(rollbackAttempt, previous.manifestUrl, before);
      return flip(
        rollbackAttempt,
        { version: previous.version, manifestUrl: previous.manifestUrl },
        before,
        verdict,
        false,
      );
    },
  });
}

export type ReleaseService = ReturnType<typeof createReleaseService>;

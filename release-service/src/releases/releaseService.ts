/**
 * The release registry's rules (docs/releasing.md): who may flip which remote, the compatibility
 * gate against the environment's shell, and an audit line for everything that was done or refused
 * past the token check (checks.ts). Canaries are canaryService.ts's, health healthService.ts's;
 * routes (routes/releases.ts) only parse and answer.
 */
import { type Deployment, type FlipResult, type ReleaseEnvironment, rollbackStep } from 'shared-releases';
import type { GateVerdict } from 'shared-releases/gate';
import type { AuthenticatedUser } from 'service-kit';
import type { AppConfig } from '../config';
import {
  DuplicateVersionError,
  FlipConflictError,
  type LiveLine,
  type RegistryEntry,
  type ReleaseRepository,
} from '../db/releaseRepository';
import { ApiError } from 'service-kit';
import type { ReleaseAccess } from './access';
import { type Attempt, createReleaseChecks } from './checks';
import type { FetchManifest } from './manifests';
import { RELEASE_MESSAGES as M } from './messages';
import { type OperationContext, successRecord } from './operations';
import { type ReleasableRemote, releaseManifestUrl } from './remotes';

export interface ReleaseServiceDeps {
  repo: ReleaseRepository;
  config: Pick<AppConfig, 'releasePublicUrl' | 'releaseShellManifests' | 'canarySteps'>;
  fetchManifest: FetchManifest;
  access: ReleaseAccess;
  /** Milliseconds since the epoch (tests move it). */
  clock: () => number;
}

/** The live version the operator saw (undefined: not stated; null: the deployed build). */
interface Expected {
  expectedLive?: string | null | undefined;
}

/** A flip's attempt: one of the actions that make a version live at once. */
type FlipAttempt = Attempt & { action: Deployment['action'] };

export function createReleaseService(deps: ReleaseServiceDeps) {
  const { repo, config, clock } = deps;
  const { refuse, authorize, gate, conflict, expectState } = createReleaseChecks(deps);

  /**
   * The line, checked against the live version the operator saw, and refused while a canary runs
   * there: it must be promoted or aborted first.
   */
  async function entryWithoutCanary(attempt: Attempt, expectedLive: string | null | undefined): Promise<RegistryEntry> {
    const entry = await repo.entry(attempt.environment, attempt.target.remote);
    await expectState(attempt, entry, { live: expectedLive });
    if (entry.canary?.status === 'running') {
      await refuse(
        attempt,
        new ApiError(409, M.canaryBlocks(attempt.target.workspace, attempt.environment, entry.canary.version)),
        { before: entry.live },
      );
    }
    return entry;
  }

  /** Flips the line decided against `before`; a line changed meanwhile is a 409, audited. */
  async function flip(
    attempt: FlipAttempt,
    to: LiveLine,
    before: LiveLine | null,
    verdict: GateVerdict,
    isNew: boolean,
  ): Promise<FlipResult> {
    const { user, target, environment, action, sourceCommit } = attempt;
    // The answer is decided before the transaction that stores it with the change.
    const result: FlipResult = {
      remote: target.remote,
      environment,
      live: {
        version: to.version,
        manifestUrl: to.manifestUrl,
        action,
        at: new Date(clock()).toISOString(),
        actor: user.email,
      },
      notes: verdict.notes,
    };
    const operation = successRecord(attempt, result);
    try {
      await repo.flip({
        environment,
        remote: target.remote,
        to,
        expectedBefore: before,
        audit: { actor: { uid: user.uid, email: user.email }, action, sourceCommit, verdict },
        ...(isNew ? { newVersion: { sourceCommit, createdBy: user.email ?? user.uid } } : {}),
        ...(operation ? { operation } : {}),
      });
    } catch (error) {
      if (error instanceof FlipConflictError) {
        return conflict(attempt, { verdict, before, manifestUrl: to.manifestUrl });
      }
      if (error instanceof DuplicateVersionError) {
        return refuse(attempt, new ApiError(409, M.versionExists(target.workspace, to.version)), { before });
      }
      throw error;
    }
    return result;
  }

  return {
    remoteNamed: deps.access.remoteNamed,

    async release(
      user: AuthenticatedUser,
      target: ReleasableRemote,
      environment: ReleaseEnvironment,
      { version, sourceCommit, expectedLive }: { version: string; sourceCommit?: string | undefined } & Expected,
      operation?: OperationContext,
    ): Promise<FlipResult> {
      const attempt: FlipAttempt = {
        user,
        target,
        environment,
        action: 'release',
        version,
        sourceCommit: sourceCommit ?? null,
        operation,
      };
      await authorize(attempt);
      const before = (await entryWithoutCanary(attempt, expectedLive)).live;
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
      { version, expectedLive }: { version: string } & Expected,
      operation?: OperationContext,
    ): Promise<FlipResult> {
      const known = await repo.findVersion(target.remote, version);
      const attempt: FlipAttempt = {
        user,
        target,
        environment,
        action: 'promote',
        version,
        sourceCommit: known?.sourceCommit ?? null,
        operation,
      };
      await authorize(attempt);
      const before = (await entryWithoutCanary(attempt, expectedLive)).live;
      if (!known) return refuse(attempt, new ApiError(404, M.unknownVersion(target.workspace, version)), { before });
      if (before?.version === version) {
        return refuse(attempt, new ApiError(409, M.alreadyLive(target.workspace, version, environment)), { before });
      }
      const verdict = await gate(attempt, known.manifestUrl, before);
      return flip(attempt, { version, manifestUrl: known.manifestUrl }, before, verdict, false);
    },

    /** Back to the version made live before the live one in this environment (again: further back). */
    async rollback(
      user: AuthenticatedUser,
      target: ReleasableRemote,
      environment: ReleaseEnvironment,
      { expectedLive }: { expectedLive: string | null },
      operation?: OperationContext,
    ) {
      const attempt: FlipAttempt = {
        user,
        target,
        environment,
        action: 'rollback',
        version: null,
        sourceCommit: null,
        operation,
      };
      await authorize(attempt);
      const before = (await entryWithoutCanary(attempt, expectedLive)).live;
      if (!before) return refuse(attempt, new ApiError(409, M.notServedFromStore(target.workspace, environment)));
      const previous = rollbackStep(await repo.deployments(target.remote, environment), before.version);
      if (!previous) {
        return refuse(attempt, new ApiError(409, M.nothingBefore(target.workspace, before.version, environment)), {
          before,
        });
      }
      const rollbackAttempt: FlipAttempt = Object.assign({}, attempt, { version: previous.version });
      const verdict = await gate(rollbackAttempt, previous.manifestUrl, before);
      return flip(
        rollbackAttempt,
        { version: previous.version, manifestUrl: previous.manifestUrl },
        before,
        verdict,
        false,
      );
    },
  };
}

export type ReleaseService = ReturnType<typeof createReleaseService>;

/**
 * Canary releases (docs/releasing.md, "Canary releases"): a new version served to a share of the
 * visitors beside the live release, its share changed, promoted to the live release or aborted.
 * The same rights, gate and audit as a release (checks.ts); every change is one compare-and-swap
 * transaction on the registry line, so two at once never both win (the loser is a 409, audited as
 * a conflict), and moves the registry's version, so web servers follow within their refresh.
 */
import type { CanaryResult, ReleaseEnvironment } from 'shared-releases';
import type { AuthenticatedUser } from '../auth/types';
import type { CanaryRecord } from '../db/releaseRepository';
import { ApiError } from '../errors';
import { createCanaryChange } from './canaryChange';
import { type Attempt, createReleaseChecks } from './checks';
import { RELEASE_MESSAGES as M } from './messages';
import type { OperationContext } from './operations';
import type { ReleaseServiceDeps } from './releaseService';
import { type ReleasableRemote, releaseManifestUrl } from './remotes';

/** The canary the operator saw, and the write's operation id. */
interface Expectation {
  expectedCanary: string;
  operation: OperationContext | undefined;
}

export function createCanaryService(deps: ReleaseServiceDeps) {
  const { repo, config, clock } = deps;
  const checks = createReleaseChecks(deps);
  const { refuse, authorize, gate, expectState } = checks;
  const change = createCanaryChange(deps, checks);

  /**
   * The rights, then the line, checked against the canary the operator saw; the attempt names the
   * canary's version once it is known.
   */
  async function begin(
    user: AuthenticatedUser,
    target: ReleasableRemote,
    environment: ReleaseEnvironment,
    action: Attempt['action'],
    { expectedCanary, operation }: Expectation,
  ) {
    const attempt: Attempt = { user, target, environment, action, version: null, sourceCommit: null, operation };
    await authorize(attempt);
    const entry = await repo.entry(environment, target.remote);
    if (!entry.canary) {
      const current = { live: entry.live?.version ?? null, canary: null };
      return refuse(
        attempt,
        new ApiError(409, M.noCanary(target.workspace, environment), undefined, undefined, { current }),
      );
    }
    await expectState(Object.assign({}, attempt, { version: expectedCanary }), entry, { canary: expectedCanary });
    const canary = entry.canary;
    const named: Attempt = Object.assign({}, attempt, { version: canary.version });
    return { attempt: named, entry, canary };
  }

  /** Only a running canary changes share or becomes live; a withdrawn one is aborted first. */
  async function running(
    user: AuthenticatedUser,
    target: ReleasableRemote,
    environment: ReleaseEnvironment,
    action: Attempt['action'],
    expectation: Expectation,
  ) {
    const begun = await begin(user, target, environment, action, expectation);
    if (begun.canary.status !== 'running') {
      await refuse(
        begun.attempt,
        new ApiError(409, M.canaryWithdrawn(target.workspace, environment, begun.canary.version)),
        {
          before: begun.entry.live,
          manifestUrl: begun.canary.manifestUrl,
        },
      );
    }
    return begun;
  }

  return {
    /** A newly published version to `canaryPercent` % of the visitors, gated like a release. */
    async start(
      user: AuthenticatedUser,
      target: ReleasableRemote,
      environment: ReleaseEnvironment,
      {
        version,
        sourceCommit,
        canaryPercent,
        expectedLive,
      }: {
        version: string;
        sourceCommit?: string | undefined;
        canaryPercent: number;
        expectedLive?: string | null | undefined;
      },
      operation?: OperationContext,
    ): Promise<CanaryResult> {
      const attempt: Attempt = {
        user,
        target,
        environment,
        action: 'canary',
        version,
        sourceCommit: sourceCommit ?? null,
        operation,
      };
      await authorize(attempt);
      const entry = await repo.entry(environment, target.remote);
      await expectState(attempt, entry, { live: expectedLive });
      if (entry.canary?.status === 'running') {
        const { version: running, percent } = entry.canary;
        await refuse(attempt, new ApiError(409, M.canaryRunning(target.workspace, environment, running, percent)), {
          before: entry.live,
        });
      }
      if (await repo.findVersion(target.remote, version)) {
        await refuse(attempt, new ApiError(409, M.versionExists(target.workspace, version)), { before: entry.live });
      }
      const manifestUrl = releaseManifestUrl(config.releasePublicUrl, target, version);
      const verdict = await gate(attempt, manifestUrl, entry.live);
      const canary: CanaryRecord = {
        version,
        manifestUrl,
        percent: canaryPercent,
        status: 'running',
        startedAt: new Date(clock()).toISOString(),
        actor: user.email,
        withdrawnAt: null,
        decision: null,
      };
      return change(
        attempt,
        entry,
        { live: entry.live, canary },
        {
          verdict,
          canaryPercent,
          manifestUrl,
          newVersion: { sourceCommit: attempt.sourceCommit, createdBy: user.email ?? user.uid },
        },
      );
    },

    async setPercent(
      user: AuthenticatedUser,
      target: ReleasableRemote,
      environment: ReleaseEnvironment,
      { percent, expectedCanary }: { percent: number; expectedCanary: string },
      operation?: OperationContext,
    ) {
      const { attempt, entry, canary } = await running(user, target, environment, 'canary-percent', {
        expectedCanary,
        operation,
      });
      const { manifestUrl } = canary;
      if (canary.percent === percent) {
        await refuse(attempt, new ApiError(409, M.samePercent(target.workspace, percent)), {
          before: entry.live,
          manifestUrl,
        });
      }
      return change(
        attempt,
        entry,
        { live: entry.live, canary: Object.assign({}, canary, { percent }) },
        {
          verdict: null,
          canaryPercent: percent,
          manifestUrl,
        },
      );
    },

    /** The canary becomes the live release (gated again: the shell may have moved on). */
    async promote(
      user: AuthenticatedUser,
      target: ReleasableRemote,
      environment: ReleaseEnvironment,
      { expectedCanary }: { expectedCanary: string },
      operation?: OperationContext,
    ) {
      const begun = await running(user, target, environment, 'canary-promote', { expectedCanary, operation });
      const { entry, canary } = begun;
      const known = await repo.findVersion(target.remote, canary.version);
      const attempt: Attempt = Object.assign({}, begun.attempt, { sourceCommit: known?.sourceCommit ?? null });
      const verdict = await gate(attempt, canary.manifestUrl, entry.live);
      const live = { version: canary.version, manifestUrl: canary.manifestUrl };
      return change(
        attempt,
        entry,
        { live, canary: null },
        {
          verdict,
          canaryPercent: 100,
          manifestUrl: canary.manifestUrl,
        },
      );
    },

    /** The canary cleared (running, or withdrawn by the service); the live release unchanged. */
    async abort(
      user: AuthenticatedUser,
      target: ReleasableRemote,
      environment: ReleaseEnvironment,
      { expectedCanary }: { expectedCanary: string },
      operation?: OperationContext,
    ) {
      const { attempt, entry, canary } = await begin(user, target, environment, 'canary-abort', {
        expectedCanary,
        operation,
      });
      return change(
        attempt,
        entry,
        { live: entry.live, canary: null },
        {
          verdict: null,
          canaryPercent: 0,
          manifestUrl: canary.manifestUrl,
        },
      );
    },
  };
}

export type CanaryService = ReturnType<typeof createCanaryService>;

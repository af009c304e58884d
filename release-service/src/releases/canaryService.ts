/**
 * Canary releases (docs/releasing.md, "Canary releases"): a new version served to a share of the
 * visitors beside the live release, its share changed, promoted to the live release or aborted.
 * The same rights, gate and audit as a release (checks.ts); every change is one compare-and-swap
 * transaction on the registry line, so two at once never both win (the loser is a 409, audited as
 * a conflict), and moves the registry's version, so web servers follow within their refresh.
 */
import type { CanaryPlan, CanaryResult, ReleaseEnvironment } from 'shared-releases';
import type { AuthenticatedUser } from 'service-kit';
import type { CanaryRecord } from '../db/releaseRepository';
import { ApiError } from 'service-kit';
import { createCanaryChange } from './canaryChange';
import { createCanaryLookup } from './canaryLookup';
import { type Attempt, createReleaseChecks } from './checks';
import { RELEASE_MESSAGES as M } from './messages';
import type { OperationContext } from './operations';
import type { ReleaseServiceDeps } from './releaseService';
import { type ReleasableRemote, releaseManifestUrl } from './remotes';

export function createCanaryService(deps: ReleaseServiceDeps) {
  const { repo, config, clock } = deps;
  const checks = createReleaseChecks(deps);
  const { refuse, authorize, gate, expectState } = checks;
  const change = createCanaryChange(deps, checks);
  const { begin, running } = createCanaryLookup(deps, checks);

  /** A plan starts at the share asked for, and soaks at least the configured least (400 otherwise). */
  async function planRefusal(attempt: Attempt, percent: number, plan: Pick<CanaryPlan, 'steps' | 'soakSeconds'>) {
    const least = config.canarySteps.minSoakSeconds;
    if (plan.soakSeconds < least) await refuse(attempt, new ApiError(400, M.soakTooShort(least)));
    if (plan.steps[0] !== percent)
      await refuse(attempt, new ApiError(400, M.planStartMismatch(plan.steps[0]!, percent)));
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
        canaryPlan,
        expectedLive,
      }: {
        version: string;
        sourceCommit?: string | undefined;
        canaryPercent: number;
        canaryPlan?: Pick<CanaryPlan, 'steps' | 'soakSeconds'> | undefined;
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
      if (canaryPlan) await planRefusal(attempt, canaryPercent, canaryPlan);
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
      const startedAt = new Date(clock()).toISOString();
      const plan = canaryPlan
        ? Object.assign({}, canaryPlan, { step: 0, stepStartedAt: startedAt, paused: false })
        : null;
      const canary: CanaryRecord = {
        version,
        manifestUrl,
        percent: canaryPercent,
        status: 'running',
        startedAt,
        actor: user.email,
        withdrawnAt: null,
        decision: null,
        plan,
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
          ...(plan ? { message: M.planned(plan.steps, plan.soakSeconds) } : {}),
        },
      );
    },

    /** Holds (paused) or lets go (resumed) a planned canary's steps; a withdrawal applies either way. */
    async hold(
      user: AuthenticatedUser,
      target: ReleasableRemote,
      environment: ReleaseEnvironment,
      { paused, expectedCanary }: { paused: boolean; expectedCanary: string },
      operation?: OperationContext,
    ) {
      const action = paused ? 'canary-pause' : 'canary-resume';
      const { attempt, entry, canary } = await running(user, target, environment, action, {
        expectedCanary,
        operation,
      });
      const refusal = !canary.plan
        ? M.noPlan(target.workspace)
        : canary.plan.paused === paused
          ? M.alreadyPaused(target.workspace, paused)
          : null;
      if (refusal)
        await refuse(attempt, new ApiError(409, refusal), { before: entry.live, manifestUrl: canary.manifestUrl });
      const plan = Object.assign({}, canary.plan, { paused });
      const to = { live: entry.live, canary: Object.assign({}, canary, { plan }) };
      return change(attempt, entry, to, {
        verdict: null,
        canaryPercent: canary.percent,
        manifestUrl: canary.manifestUrl,
      });
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

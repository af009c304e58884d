/**
 * One canary change as one compare-and-swap transaction on the registry line (canaryService.ts):
 * the answer is decided first and stored with the change under the write's operation id; a line
 * changed meanwhile is a 409, audited as a conflict.
 */
import type { CanaryResult, Deployment } from 'shared-releases';
import type { GateVerdict } from 'shared-releases/gate';
import {
  canaryRefOf,
  DuplicateVersionError,
  FlipConflictError,
  type LiveLine,
  type RegistryEntry,
  sameLine,
} from '../db/releaseRepository';
import { ApiError } from 'service-kit';
import type { Attempt, ReleaseChecks } from './checks';
import { RELEASE_MESSAGES as M } from './messages';
import { successRecord } from './operations';
import type { ReleaseServiceDeps } from './releaseService';
import { canaryStateOf } from './releaseViews';

export interface ChangeDetails {
  verdict: GateVerdict | null;
  /** the canary's share after the change */
  canaryPercent: number;
  manifestUrl: string;
  newVersion?: { sourceCommit: string | null; createdBy: string | null };
  /** the audit line's words (a planned start names its steps) */
  message?: string;
}

export function createCanaryChange({ repo, clock }: Pick<ReleaseServiceDeps, 'repo' | 'clock'>, checks: ReleaseChecks) {
  const { refuse, conflict } = checks;

  /**
   * The live release after a change, decided before it (the answer is stored with the change): the
   * same line's last deployment, or the canary's version going live now (as a release).
   */
  async function liveAfter(attempt: Attempt, entry: RegistryEntry, live: LiveLine | null): Promise<Deployment | null> {
    if (!live) return null;
    if (!sameLine(live, entry.live)) {
      const at = new Date(clock()).toISOString();
      return { version: live.version, manifestUrl: live.manifestUrl, action: 'release', at, actor: attempt.user.email };
    }
    const history = await repo.deployments(attempt.target.remote, attempt.environment);
    return history.findLast((step: Deployment) => step.version === live.version) ?? null;
  }

  /** Writes `to` if the line is still `entry`; a line changed meanwhile is a 409, audited. */
  async function change(
    attempt: Attempt,
    entry: RegistryEntry,
    to: RegistryEntry,
    details: ChangeDetails,
  ): Promise<CanaryResult> {
    const { user, target, environment } = attempt;
    const result: CanaryResult = {
      remote: target.remote,
      environment,
      live: await liveAfter(attempt, entry, to.live),
      canary: to.canary && canaryStateOf(to.canary),
      notes: details.verdict?.notes ?? [],
    };
    const operation = successRecord(attempt, result);
    try {
      await repo.changeCanary({
        environment,
        remote: target.remote,
        expected: { live: entry.live, canary: canaryRefOf(entry.canary) },
        to,
        ...(details.newVersion ? { newVersion: details.newVersion } : {}),
        audit: {
          actor: { uid: user.uid, email: user.email },
          action: attempt.action,
          outcome: 'done',
          remote: target.remote,
          environment,
          version: attempt.version,
          manifestUrl: details.manifestUrl,
          sourceCommit: attempt.sourceCommit,
          verdict: details.verdict,
          before: entry.live,
          message: details.message ?? null,
          canaryPercent: details.canaryPercent,
        },
        ...(operation ? { operation } : {}),
      });
    } catch (error) {
      if (error instanceof FlipConflictError) {
        return conflict(attempt, { verdict: details.verdict, before: entry.live, manifestUrl: details.manifestUrl });
      }
      if (error instanceof DuplicateVersionError) {
        return refuse(attempt, new ApiError(409, M.versionExists(target.workspace, attempt.version ?? '')), {
          before: entry.live,
        });
      }
      throw error;
    }
    return result;
  }

  return change;
}

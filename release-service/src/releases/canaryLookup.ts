/**
 * The canary a write is about (canaryService.ts): the rights, then the registry line checked against
 * the canary the operator saw, refused (and audited) when it is not there or not running.
 */
import type { ReleaseEnvironment } from 'shared-releases';
import { ApiError, type AuthenticatedUser } from 'service-kit';
import type { Attempt, ReleaseChecks } from './checks';
import { RELEASE_MESSAGES as M } from './messages';
import type { OperationContext } from './operations';
import type { ReleaseServiceDeps } from './releaseService';
import type { ReleasableRemote } from './remotes';

/** The canary the operator saw, and the write's operation id. */
export interface Expectation {
  expectedCanary: string;
  operation: OperationContext | undefined;
}

export function createCanaryLookup({ repo }: Pick<ReleaseServiceDeps, 'repo'>, checks: ReleaseChecks) {
  const { refuse, authorize, expectState } = checks;

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

  return { begin, running };
}

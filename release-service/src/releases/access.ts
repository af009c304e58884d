/** Who may release which remote: admins every one, a team member the remotes of their teams. */
import type { AuthenticatedUser } from 'service-kit';
import { ApiError } from 'service-kit';
import { RELEASE_MESSAGES as M } from './messages';
import { findReleasable, RELEASABLE_REMOTES, type ReleasableRemote } from './remotes';

export interface ReleaseAccess {
  isAdmin: (user: AuthenticatedUser) => boolean;
  mayRelease: (user: AuthenticatedUser, target: ReleasableRemote) => boolean;
  visibleRemotes: (user: AuthenticatedUser) => ReleasableRemote[];
  /** The remote by registry name; a 404 naming the known ones otherwise. */
  remoteNamed: (name: string) => ReleasableRemote;
}

export function releaseAccess(isAdmin: (user: AuthenticatedUser) => boolean): ReleaseAccess {
  const mayRelease = (user: AuthenticatedUser, target: ReleasableRemote) =>
    isAdmin(user) || (user.teams ?? []).includes(target.workspace);
  return {
    isAdmin,
    mayRelease,
    visibleRemotes: (user) => RELEASABLE_REMOTES.filter((target) => mayRelease(user, target)),
    remoteNamed(name) {
      const target = findReleasable(name);
      if (!target)
        throw new ApiError(
          404,
          M.unknownRemote(
            name,
            RELEASABLE_REMOTES.map((r) => r.remote),
          ),
        );
      return target;
    },
  };
}

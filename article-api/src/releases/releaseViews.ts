/**
 * What the release registry shows (docs/releasing.md): an environment's live lines for the web
 * servers, and per account the remotes it may release, their history per environment and the
 * audit log. Changes are releaseService.ts's.
 */
import {
  type AuditEntry,
  RELEASE_ENVIRONMENTS,
  type ReleaseEnvironment,
  type ReleaseOverview,
  type RemoteReleases,
} from 'shared-releases';
import type { AuthenticatedUser } from '../auth/types';
import type { ReleaseRepository } from '../db/releaseRepository';
import { ApiError } from '../errors';
import type { ReleaseAccess } from './access';
import { RELEASE_MESSAGES as M } from './messages';

export function createReleaseViews(repo: ReleaseRepository, { isAdmin, visibleRemotes, remoteNamed }: ReleaseAccess) {
  return {
    async registry(environment: ReleaseEnvironment) {
      const [version, lines] = await Promise.all([repo.registryVersion(), repo.lines(environment)]);
      return {
        version,
        lines: Object.fromEntries(Object.entries(lines).map(([remote, line]) => [remote, line.manifestUrl])),
      };
    },

    async overview(user: AuthenticatedUser): Promise<ReleaseOverview> {
      const remotes = visibleRemotes(user);
      if (remotes.length === 0) throw new ApiError(403, M.noReleaseRights);
      const lines = await Promise.all(RELEASE_ENVIRONMENTS.map((environment) => repo.lines(environment)));
      const entries: RemoteReleases[] = [];
      for (const target of remotes) {
        const environments = {} as RemoteReleases['environments'];
        for (const [index, environment] of RELEASE_ENVIRONMENTS.entries()) {
          const history = (await repo.deployments(target.remote, environment)).reverse();
          const live = lines[index]![target.remote];
          environments[environment] = {
            live: live ? (history.find((step) => step.version === live.version) ?? null) : null,
            history,
          };
        }
        const versions = (await repo.versions(target.remote)).map(
          ({ version, createdAt, createdBy, sourceCommit }) => ({
            version,
            createdAt,
            createdBy,
            sourceCommit,
          }),
        );
        entries.push({ remote: target.remote, workspace: target.workspace, environments, versions });
      }
      return {
        viewer: { uid: user.uid, email: user.email, admin: isAdmin(user), teams: user.teams ?? [] },
        environments: [...RELEASE_ENVIRONMENTS],
        remotes: entries,
      };
    },

    async audit(
      user: AuthenticatedUser,
      query: { remote?: string | undefined; environment?: ReleaseEnvironment | undefined; limit: number },
    ): Promise<AuditEntry[]> {
      if (query.remote !== undefined) remoteNamed(query.remote);
      const visible = visibleRemotes(user).map((target) => target.remote);
      if (visible.length === 0) throw new ApiError(403, M.noReleaseRights);
      const remotes = query.remote === undefined ? visible : visible.filter((remote) => remote === query.remote);
      if (query.remote !== undefined && remotes.length === 0) {
        throw new ApiError(403, M.notATeamMember(remoteNamed(query.remote).workspace));
      }
      return repo.audit({ remotes, environment: query.environment, limit: query.limit });
    },
  };
}

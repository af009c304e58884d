/**
 * What the release registry shows (docs/releasing.md): an environment's live lines and running
 * canaries for the web servers, and per account the remotes it may release, their history, canary
 * and health per environment, and the audit log. Changes are releaseService.ts's and
 * canaryService.ts's.
 */
import {
  type AuditPage,
  type CanaryState,
  type RegistryCanary,
  type RegistryDocument,
  RELEASE_ENVIRONMENTS,
  type ReleaseEnvironment,
  type ReleaseOverview,
  type RemoteReleases,
} from 'shared-releases';
import type { AuthenticatedUser } from 'service-kit';
import type { CanaryRecord, ReleaseRepository } from '../db/releaseRepository';
import { ApiError } from 'service-kit';
import type { ReleaseAccess } from './access';
import type { HealthService } from './healthService';
import { RELEASE_MESSAGES as M } from './messages';

const NONE = { live: null, canary: null };

/** A stored canary as the overview and the canary actions' answers show it. */
export const canaryStateOf = (canary: CanaryRecord): CanaryState => ({
  version: canary.version,
  manifestUrl: canary.manifestUrl,
  percent: canary.percent,
  status: canary.status,
  startedAt: canary.startedAt,
  actor: canary.actor,
  withdrawn:
    canary.status === 'withdrawn' && canary.withdrawnAt && canary.decision
      ? { at: canary.withdrawnAt, decision: canary.decision }
      : null,
  plan: canary.plan ?? null,
});

export function createReleaseViews(
  repo: ReleaseRepository,
  { isAdmin, visibleRemotes, remoteNamed }: ReleaseAccess,
  health: Pick<HealthService, 'figures'>,
) {
  return {
    async registry(environment: ReleaseEnvironment): Promise<Omit<RegistryDocument, 'environment'>> {
      const [version, entries] = await Promise.all([repo.registryVersion(), repo.entries(environment)]);
      const lines: Record<string, string> = {};
      const canaries: Record<string, RegistryCanary> = {};
      for (const [remote, { live, canary }] of Object.entries(entries)) {
        if (live) lines[remote] = live.manifestUrl;
        // A withdrawn canary (0 %) is no longer served: web servers see only running ones.
        if (canary?.status === 'running' && canary.percent > 0) {
          canaries[remote] = { manifestUrl: canary.manifestUrl, percent: canary.percent };
        }
      }
      return { version, lines, canaries };
    },

    async overview(user: AuthenticatedUser): Promise<ReleaseOverview> {
      const remotes = visibleRemotes(user);
      if (remotes.length === 0) throw new ApiError(403, M.noReleaseRights);
      const lines = await Promise.all(RELEASE_ENVIRONMENTS.map((environment) => repo.entries(environment)));
      const entries: RemoteReleases[] = [];
      for (const target of remotes) {
        const environments = {} as RemoteReleases['environments'];
        for (const [index, environment] of RELEASE_ENVIRONMENTS.entries()) {
          const history = (await repo.deployments(target.remote, environment)).reverse();
          const entry = lines[index]![target.remote] ?? NONE;
          const live = entry.live;
          environments[environment] = {
            live: live ? (history.find((step) => step.version === live.version) ?? null) : null,
            history,
            canary: entry.canary && canaryStateOf(entry.canary),
            health: await health.figures(environment, target.remote, entry),
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

    /** A page of the audit log, newest first, and where the next (older) one starts. */
    async audit(
      user: AuthenticatedUser,
      query: {
        remote?: string | undefined;
        environment?: ReleaseEnvironment | undefined;
        limit: number;
        before?: number | undefined;
      },
    ): Promise<AuditPage> {
      if (query.remote !== undefined) remoteNamed(query.remote);
      const visible = visibleRemotes(user).map((target) => target.remote);
      if (visible.length === 0) throw new ApiError(403, M.noReleaseRights);
      const remotes = query.remote === undefined ? visible : visible.filter((remote) => remote === query.remote);
      if (query.remote !== undefined && remotes.length === 0) {
        throw new ApiError(403, M.notATeamMember(remoteNamed(query.remote).workspace));
      }
      // One line more than asked for says whether an older page exists.
      const lines = await repo.audit({
        remotes,
        environment: query.environment,
        limit: query.limit + 1,
        before: query.before,
      });
      const entries = lines.slice(0, query.limit);
      return { entries, nextBefore: lines.length > query.limit ? (entries.at(-1)?.id ?? null) : null };
    },
  };
}

/** The remotes a release can name, from the one list of deployables, and where their releases are served. */
import deployables from 'shared-deployables';

export interface ReleasableRemote {
  /** Registry name, e.g. admin_console. */
  remote: string;
  /** Workspace, and the name of the team that releases it, e.g. admin-console. */
  workspace: string;
  /** Its local server's port (the `{port}` of RELEASE_PUBLIC_URL). */
  port: number;
}

export const RELEASABLE_REMOTES: readonly ReleasableRemote[] = deployables.remotes.map((app) => ({
  remote: app.federationName,
  workspace: app.workspace,
  port: app.port,
}));

export const findReleasable = (remote: string): ReleasableRemote | undefined =>
  RELEASABLE_REMOTES.find((candidate) => candidate.remote === remote);

/** The manifest URL of a published version: decided here, never taken from a request. */
export function releaseManifestUrl(template: string, remote: ReleasableRemote, version: string): string {
  const base = template.replaceAll('{workspace}', remote.workspace).replaceAll('{port}', String(remote.port));
  return `${base.replace(/\/+$/, '')}/${version}/mf-manifest.json`;
}

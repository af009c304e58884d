/** The remotes a release can name, from the one list of deployables, and where the repository is. */
import path from 'node:path';
import deployables from 'shared-deployables';
import { UsageError } from './errors';

export interface Remote {
  workspace: string;
  federationName: string;
  port: number;
}

export const repoRoot = path.resolve(__dirname, '..', '..', '..');

export const remotes: readonly Remote[] = deployables.remotes.map(({ workspace, federationName, port }) => ({
  workspace,
  federationName,
  port,
}));

/** A remote by workspace (admin-console) or registry name (admin_console). */
export function findRemote(name: string | undefined): Remote {
  const remote = remotes.find((r) => r.workspace === name || r.federationName === name);
  if (!remote) {
    throw new UsageError(
      `リモート「${name ?? ''}」はありません。${remotes.map((r) => r.workspace).join(' / ')} のどれかを指定してください。`,
    );
  }
  return remote;
}

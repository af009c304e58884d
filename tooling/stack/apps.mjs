// The deployables (shared-deployables, the one list) and where the repo keeps them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import theList from 'shared-deployables';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const { deployables, webApps, remotes, host, api, ports, webApp, localRegistry } = theList;
export const distDir = (workspace) => path.join(repoRoot, workspace, 'dist');

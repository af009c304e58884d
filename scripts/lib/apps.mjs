// The deployables (scripts/lib/deployables.cjs, the one list) and where the repo keeps them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import theList from './deployables.cjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const { deployables, webApps, remotes, host, api, ports, webApp, localRegistry } = theList;
export const distDir = (workspace) => path.join(repoRoot, workspace, 'dist');

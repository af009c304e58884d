// The deployables of the repo and where they run locally (README "Ports").
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
export const ports = require('../webpack/ports.js');

/** Web apps in build order; `federationName` is the key in /mf-remotes.json. */
export const webApps = [
  { workspace: 'public-site', federationName: 'public_site', port: ports['public-site'] },
  { workspace: 'business-portal', federationName: 'business_portal', port: ports['business-portal'] },
  { workspace: 'admin-console', federationName: 'admin_console', port: ports['admin-console'] },
  { workspace: 'shell', federationName: 'shell', port: ports.shell, isHost: true },
];

export const remotes = webApps.filter((app) => !app.isHost);
export const distDir = (workspace) => path.join(repoRoot, workspace, 'dist');

/** The registry the shell reads at start-up: remote name → manifest URL. */
export function localRegistry(hostname = 'localhost', portOf = (app) => app.port) {
  return Object.fromEntries(
    remotes.map((app) => [app.federationName, `http://${hostname}:${portOf(app)}/mf-manifest.json`]),
  );
}

// The remote registry (remote name → manifest URL) that the shell's server sends as
// /mf-remotes.json and renders with: each remote's deployed line (REMOTES) with the release
// registry service's lines over it (registryFeed.ts).
import deployables from '../../scripts/lib/deployables.cjs';

export type Registry = Record<string, string>;

/** The remotes the shell loads (federation names), from the one list of deployables. */
export const REMOTE_NAMES = deployables.remotes.map((app) => app.federationName) as [string, ...string[]];
const remoteNames = new Set<string>(REMOTE_NAMES);

/** Keeps known remote names whose value is an absolute http(s) URL; null when `raw` is no object. */
export function validRegistryLines(raw: unknown): Registry | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const lines: Registry = {};
  for (const [name, url] of Object.entries(raw)) {
    if (!remoteNames.has(name) || typeof url !== 'string') continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') lines[name] = parsed.href;
    } catch {
      /* not an absolute URL */
    }
  }
  return lines;
}

// The remote registry (remote name → manifest URL) that the shell's server sends as
// /mf-remotes.json and renders with: each remote's deployed line (REMOTES) with the release
// registry service's lines over it (registryFeed.ts), and for a visitor in a canary's share that
// canary's manifest over its line (visitorReleases.ts).
import deployables from 'shared-deployables';
import { CANARY_MAX_PERCENT, CANARY_MIN_PERCENT, type RegistryCanary } from 'shared-releases';

export type Registry = Record<string, string>;
/** Remote name → its running canary (manifest URL, share of visitors in percent). */
export type Canaries = Record<string, RegistryCanary>;

/** What the server serves from: the live lines and the canaries running. A new object when either changes. */
export interface RegistryState {
  lines: Registry;
  canaries: Canaries;
}

/** The remotes the shell loads (federation names), from the one list of deployables. */
export const REMOTE_NAMES = deployables.remotes.map((app) => app.federationName) as [string, ...string[]];
const remoteNames = new Set<string>(REMOTE_NAMES);

const isObject = (raw: unknown): raw is Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw);

/** The URL as the registry keeps it when it is an absolute http(s) URL, else null. */
function manifestUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    const parsed = new URL(raw);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null; // not an absolute URL
  }
}

/** Keeps known remote names whose value is an absolute http(s) URL; null when `raw` is no object. */
export function validRegistryLines(raw: unknown): Registry | null {
  if (!isObject(raw)) return null;
  const lines: Registry = {};
  for (const [name, url] of Object.entries(raw)) {
    const href = remoteNames.has(name) ? manifestUrl(url) : null;
    if (href) lines[name] = href;
  }
  return lines;
}

/**
 * Keeps the canaries of known remote names with an absolute http(s) manifest URL and a whole
 * percent from 1 to 99; anything else is dropped (that remote's visitors all get its line). A
 * missing field is no canary (a service from before canaries).
 */
export function validCanaries(raw: unknown): Canaries {
  const canaries: Canaries = {};
  if (!isObject(raw)) return canaries;
  for (const [name, canary] of Object.entries(raw)) {
    if (!remoteNames.has(name) || !isObject(canary)) continue;
    const href = manifestUrl(canary.manifestUrl);
    const { percent } = canary;
    const share =
      typeof percent === 'number' &&
      Number.isInteger(percent) &&
      percent >= CANARY_MIN_PERCENT &&
      percent <= CANARY_MAX_PERCENT;
    if (href && share) canaries[name] = { manifestUrl: href, percent };
  }
  return canaries;
}

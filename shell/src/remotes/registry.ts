import { registerRemotes } from '@module-federation/enhanced/runtime';

/** The remotes the shell knows by name; their URLs come only from `/mf-remotes.json`. */
export const remoteNames = ['public_site', 'business_portal', 'admin_console'] as const;
export type RemoteName = (typeof remoteNames)[number];

export type RemoteRegistry = Partial<Record<RemoteName, string>>;

const isRemoteName = (name: string): name is RemoteName => (remoteNames as readonly string[]).includes(name);

/** Keeps the known names whose value is an http(s) URL; anything else in the file is ignored. */
export function parseRegistry(raw: unknown): RemoteRegistry {
  if (typeof raw !== 'object' || raw === null) return {};
  const registry: RemoteRegistry = {};
  for (const [name, url] of Object.entries(raw)) {
    if (!isRemoteName(name) || typeof url !== 'string') continue;
    try {
      const parsed = new URL(url, window.location.href);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') registry[name] = parsed.href;
    } catch {
      /* not a URL */
    }
  }
  return registry;
}

let registry: RemoteRegistry = {};

/** Reads the runtime registry served next to index.html and registers every remote in it. */
export async function loadRegistry(url = '/mf-remotes.json'): Promise<RemoteRegistry> {
  try {
    const response = await fetch(url); /* served with Cache-Control: no-cache; matches the HTML's preload */
    registry = response.ok ? parseRegistry(await response.json()) : {};
  } catch {
    registry = {};
  }
  registerRemotes(Object.entries(registry).map(([name, entry]) => ({ name, entry })));
  return registry;
}

export function isRegistered(name: RemoteName): boolean {
  return Boolean(registry[name]);
}

/** Registers the remote again so the runtime forgets a failed entry and fetches it anew. */
export function reRegister(name: RemoteName): void {
  const entry = registry[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

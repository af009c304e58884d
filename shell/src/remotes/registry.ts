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
/** An admin's preview overrides (./preview.ts): they win over the registry in this browser only. */
let overrides: RemoteRegistry = {};
const listeners = new Set<() => void>();

/** Reads the runtime registry served next to index.html and registers every remote in it. */
export async function loadRegistry(url = '/mf-remotes.json'): Promise<RemoteRegistry> {
  try {
    const response = await fetch(url); /* served with Cache-Control: no-cache; matches the HTML's preload */
    registry = response.ok ? parseRegistry(await response.json()) : {};
  } catch {
    registry = {};
  }
  overrides = {};
  registerRemotes(Object.entries(registry).map(([name, entry]) => ({ name, entry })));
  return registry;
}

/** The manifest URL the shell loads the remote from now: an active preview override or the registry's. */
export function entryOf(name: RemoteName): string | undefined {
  return overrides[name] ?? registry[name];
}

export function isRegistered(name: RemoteName): boolean {
  return Boolean(entryOf(name));
}

/** Registers the remote again so the runtime forgets a failed entry and fetches it anew. */
export function reRegister(name: RemoteName): void {
  const entry = entryOf(name);
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

/**
 * Replaces the preview overrides; every remote whose entry changes is registered again (with
 * force, so a remote already loaded is fetched anew from its new entry) and subscribers re-render.
 */
export function setPreviewOverrides(next: RemoteRegistry): void {
  const before = Object.fromEntries(remoteNames.map((name) => [name, entryOf(name)]));
  overrides = { ...next };
  const changed = remoteNames.filter((name) => entryOf(name) !== before[name]);
  for (const name of changed) reRegister(name);
  if (changed.length) for (const listener of listeners) listener();
}

/** For useSyncExternalStore: called whenever a remote's entry changes. */
export function subscribeToEntries(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

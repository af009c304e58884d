import type { ComponentType } from 'react';
import { loadRemote, preloadRemote } from '@module-federation/enhanced/runtime';
import { isRegistered, reRegister, type RemoteName } from './registry';

export type RemoteRoutesComponent = ComponentType;

const loaded = new Map<RemoteName, Promise<RemoteRoutesComponent>>();
/** Settled loads, for a first render that must not wait (hydration of server-rendered HTML). */
const ready = new Map<RemoteName, RemoteRoutesComponent>();

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause?: unknown,
  ) {
    super(`Remote ${remote} could not be loaded`, { cause });
  }
}

/**
 * Loads a remote's exposed `./routes` module once. A failure is not cached (unlike React.lazy),
 * so `retry: true` re-registers the remote and asks the runtime again.
 */
export function loadRemoteRoutes(name: RemoteName, { retry = false } = {}): Promise<RemoteRoutesComponent> {
  const cached = loaded.get(name);
  if (cached && !retry) return cached;
  if (retry) reRegister(name);
  const promise = (async () => {
    if (!isRegistered(name)) throw new RemoteUnavailableError(name);
    const module = await loadRemote<{ default: RemoteRoutesComponent }>(`${name}/routes`);
    if (!module?.default) throw new RemoteUnavailableError(name);
    return module.default;
  })();
  loaded.set(name, promise);
  promise.then(
    (component) => {
      if (loaded.get(name) === promise) ready.set(name, component);
    },
    () => {
      if (loaded.get(name) === promise) loaded.delete(name);
    },
  );
  return promise;
}

/** The remote's routes if they have already loaded, else null. */
export function loadedRemoteRoutes(name: RemoteName): RemoteRoutesComponent | null {
  return ready.get(name) ?? null;
}

/** Forgets loaded remotes (tests start from a clean page). */
export function resetLoadedRemotes(): void {
  loaded.clear();
  ready.clear();
}

/** Starts downloading a remote's entry and routes chunk ahead of navigation (e.g. at sign-in). */
export function preloadRemoteRoutes(name: RemoteName): void {
  if (!isRegistered(name)) return;
  void preloadRemote([{ nameOrAlias: name, exposes: ['./routes'] }]).catch(() => undefined);
}

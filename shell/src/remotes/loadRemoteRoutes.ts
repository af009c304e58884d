import { loadRemote, preloadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteRoutesModule } from 'shared-ui';
import { entryOf, isRegistered, reRegister, type RemoteName } from './registry';

export type RemoteRoutesComponent = RemoteRoutesModule['default'];

/** The routes module loaded per remote, with the entry it came from. */
const loaded = new Map<RemoteName, { entry: string | undefined; promise: Promise<RemoteRoutesComponent> }>();
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
 * Loads a remote's exposed `./routes` module once per entry (a preview override loads it again
 * from the new entry). A failure is not cached (unlike React.lazy), so `retry: true`
 * re-registers the remote and asks the runtime again.
 */
export function loadRemoteRoutes(name: RemoteName, { retry = false } = {}): Promise<RemoteRoutesComponent> {
  const entry = entryOf(name);
  const cached = loaded.get(name);
  if (cached && cached.entry === entry && !retry) return cached.promise;
  if (retry) reRegister(name);
  if (cached?.entry !== entry) ready.delete(name);
  const promise = (async () => {
    if (!isRegistered(name)) throw new RemoteUnavailableError(name);
    const module = await loadRemote<RemoteRoutesModule>(`${name}/routes`);
    if (!module?.default) throw new RemoteUnavailableError(name);
    return module.default;
  })();
  const load = { entry, promise };
  loaded.set(name, load);
  promise.then(
    (component) => {
      if (loaded.get(name) === load) ready.set(name, component);
    },
    () => {
      if (loaded.get(name) === load) loaded.delete(name);
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

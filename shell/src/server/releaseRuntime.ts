// One federation runtime instance per public-site release, so that two releases (the live one and
// a canary) stay loaded side by side in one process, and one can be let go of entirely.
//
// The shell's own instance holds one entry per remote name, and the runtime resolves a remote's
// container and chunks by name: `globalThis.public_site` for the container (every release's
// manifest says `globalName: public_site`), and for a chunk the entry URL of whichever instance in
// `__FEDERATION__.__INSTANCES__` holds a remote called public_site first
// (@module-federation/node's runtimePlugin, `returnFromCache`). Loaded under one name, release B
// would get release A's container, and B's chunks would be fetched from A's folder. So each
// release gets an instance of its own (sharing the shell's share scope, so React and the other
// singletons stay the shell's) with two plugins: its container loaded without the lookup by global
// name, and its chunks always fetched from its own server folder, whatever URL the lookup by name gave.
import {
  createInstance,
  getInstance,
  loadScriptNode,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import v8 from 'node:v8';

export const REMOTE = 'public_site';

/** The runtime's process-wide records (runtime-core's global.ts); only what eviction touches. */
interface FederationGlobal {
  __INSTANCES__: ModuleFederation[];
  __SHARE__: Record<string, unknown>;
  moduleInfo: Record<string, unknown>;
}
const federationGlobal = () => (globalThis as unknown as { __FEDERATION__: FederationGlobal }).__FEDERATION__;

/** What the runtime takes as a loaded container (its RemoteEntryExports, not exported by the package). */
type Container = Exclude<Awaited<ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>>, void>;

let serial = 0;

/**
 * Plugin of the release's remote instance (handed over when the shell initialises the container):
 * a chunk's URL is built from the first release found by name, so only its file name is kept and
 * it is fetched from this release's folder. Chunk names carry their content hash: a release never
 * gets another's code this way.
 */
function chunksFrom(folder: string): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-release-chunks',
    fetch(url: string, init: RequestInit) {
      return fetch(new URL(url.slice(url.lastIndexOf('/') + 1), folder), init);
    },
  };
}

function isolationPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-release-isolation',
    // The container is loaded here rather than by the runtime, which would first look for one in
    // `globalThis.public_site` (another release's). The script still puts it there on the way:
    // taken away at once, so that nothing global holds a release the shell has let go of.
    async loadEntry({ remoteInfo }) {
      const { entry, entryGlobalName: globalName, name, type } = remoteInfo;
      // The entry's runtime starts as it is evaluated, and the runtime's init() hands it any
      // instance already named public_site with the same build identifier: two releases of one
      // build (a folder released twice, one commit built twice) would share the first one's, and
      // the second release's chunk loader would never be set up (its chunks then read from disk).
      // The other releases' instances are out of the list while this entry starts.
      const instances = federationGlobal().__INSTANCES__;
      const others = instances.filter((candidate) => candidate.options.name === name);
      for (const other of others) instances.splice(instances.indexOf(other), 1);
      let container: unknown;
      try {
        // Typed as void by the package; it resolves to what the script exported (sdk's loadScriptNode).
        container = await loadScriptNode(entry, { attrs: { name, globalName, type } });
      } finally {
        instances.push(...others);
      }
      const global = globalThis as Record<string, unknown>;
      if (global[globalName] === container) delete global[globalName];
      return container as Container;
    },
    async beforeInitContainer(args) {
      const folder = new URL('./', args.remoteInfo.entry).href;
      // The container's init passes these options on to the release's own instance
      // (webpack-bundler-runtime's initContainerEntry → initOptions → registerPlugins).
      Object.assign(args.remoteEntryInitOptions, { plugins: [chunksFrom(folder)] });
      return args;
    },
  };
}

export interface ReleaseRuntime {
  /** The release's `public_site/<expose>` module. */
  load<T>(expose: string): Promise<T | null>;
  /** Lets go of the release: its container, its own instance, its snapshot, this instance. */
  dispose(): void;
}

let compilationCacheOff = false;

/**
 * A release is code evaluated from downloaded sources (its remoteEntry.js through vm.Script, its
 * chunks through eval). V8 keeps every source it compiled in its compilation cache, even once
 * nothing uses the code, until the heap nears its limit: each canary would stay in memory (about
 * 1 MB a release here, 42 → 87 MB over 50 canaries). This process compiles each source once anyway,
 * so the cache is turned off (a process-wide V8 flag, read at every compile).
 */
function turnCompilationCacheOff() {
  if (compilationCacheOff) return;
  compilationCacheOff = true;
  v8.setFlagsFromString('--no-compilation-cache');
}

/** A runtime instance for the release at `manifestUrl`, on the shell's share scope. */
export function createReleaseRuntime(manifestUrl: string): ReleaseRuntime {
  turnCompilationCacheOff();
  const shell = getInstance();
  if (!shell) throw new Error('the shell federation runtime is not initialised');
  const id = ++serial;
  const instance = createInstance({
    name: `shell_public_site_release_${id}`,
    remotes: [{ name: REMOTE, entry: manifestUrl }],
    shared: {},
    plugins: [isolationPlugin()],
  });
  // The shell's scopes themselves, not copies: the release uses (and adds to) the same shared modules.
  for (const [scope, modules] of Object.entries(shell.shareScopeMap)) instance.initShareScopeMap(scope, modules);
  return {
    load: <T>(expose: string) => instance.loadRemote<T>(`${REMOTE}/${expose}`),
    dispose() {
      const handler = instance.remoteHandler as unknown as { removeRemote(remote: unknown): void };
      // removeRemote (private in the typings, the runtime's own eviction for `force`) deletes the
      // container's global, the loading record, the manifest's snapshot and the release's own
      // instance with the shared modules nothing else uses.
      for (const remote of [...instance.options.remotes]) handler.removeRemote(remote);
      const global = federationGlobal();
      // The snapshot the runtime made of this instance as a host (removeRemote keeps it).
      delete global.moduleInfo[instance.name];
      const index = global.__INSTANCES__.indexOf(instance);
      if (index !== -1) global.__INSTANCES__.splice(index, 1);
      // Its share scope map is the shell's (registered under the shell's build id): never deleted.
      const key = instance.options.id ?? instance.name;
      if (global.__SHARE__[key] === instance.shareScopeMap) delete global.__SHARE__[key];
    },
  };
}

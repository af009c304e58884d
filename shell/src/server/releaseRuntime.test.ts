/** @jest-environment node */
// The runtime plumbing of one release, against a stand-in federation runtime: an instance of its
// own on the shell's share scope, its container loaded without the lookup by global name, its
// chunks fetched from its own folder, and everything let go of. The real runtime with real builds:
// web-server/src/releases/releasesSideBySide.test.ts.
import v8 from 'node:v8';
import {
  createInstance,
  getInstance,
  loadScriptNode,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { createReleaseRuntime } from './releaseRuntime';

jest.mock('@module-federation/enhanced/runtime', () => ({
  createInstance: jest.fn(),
  getInstance: jest.fn(),
  loadScriptNode: jest.fn(),
}));

const MANIFEST = 'https://cdn.example/public-site/v2/mf-manifest.json';
const ENTRY = 'https://cdn.example/public-site/v2/server/remoteEntry.js';
const shellScope = { react: {} };
const federation = {
  __INSTANCES__: [] as unknown[],
  __SHARE__: {} as Record<string, unknown>,
  moduleInfo: {} as Record<string, unknown>,
};

/** What createInstance was given and made: the instance and its plugin. */
function created() {
  const options = jest.mocked(createInstance).mock.calls.at(-1)![0];
  const instance = jest.mocked(createInstance).mock.results.at(-1)!.value as ReturnType<typeof fakeInstance>;
  return { options, instance, plugin: options.plugins![0] as Required<ModuleFederationRuntimePlugin> };
}
function fakeInstance(name: string, remotes: unknown[]) {
  return {
    name,
    options: { id: `${name}@1`, remotes: [...remotes] },
    shareScopeMap: {},
    initShareScopeMap: jest.fn(),
    loadRemote: jest.fn(async () => ({ prepare() {} })),
    remoteHandler: { removeRemote: jest.fn() },
  };
}

beforeEach(() => {
  Object.assign(globalThis, { __FEDERATION__: federation });
  federation.__INSTANCES__.length = 0;
  jest.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
  jest.mocked(getInstance).mockReturnValue({ shareScopeMap: { default: shellScope } } as never);
  jest.mocked(createInstance).mockImplementation((options) => {
    const instance = fakeInstance(options.name, options.remotes ?? []);
    federation.__INSTANCES__.push(instance);
    return instance as never;
  });
});
afterEach(() => jest.restoreAllMocks());

it("makes an instance of its own per release, on the shell's share scopes, and turns V8's compilation cache off", async () => {
  const runtime = createReleaseRuntime(MANIFEST);
  const first = created();
  createReleaseRuntime('https://cdn.example/public-site/v3/mf-manifest.json');
  expect(created().options.name).not.toBe(first.options.name);
  expect(first.options.remotes).toEqual([{ name: 'public_site', entry: MANIFEST }]);
  expect(first.instance.initShareScopeMap).toHaveBeenCalledWith('default', shellScope);
  expect(v8.setFlagsFromString).toHaveBeenCalledWith('--no-compilation-cache');
  await runtime.load('server');
  expect(first.instance.loadRemote).toHaveBeenCalledWith('public_site/server');
});

it('loads the container itself and leaves nothing of it on the global object', async () => {
  createReleaseRuntime(MANIFEST);
  const { plugin } = created();
  const container = { init() {}, get() {} };
  jest.mocked(loadScriptNode).mockImplementation(async () => {
    // As the sdk's loadScriptNode does: the container put on the global object, and resolved.
    (globalThis as Record<string, unknown>).public_site = container;
    return container as never;
  });
  const remoteInfo = { name: 'public_site', entry: ENTRY, entryGlobalName: 'public_site', type: 'commonjs-module' };
  expect(await plugin.loadEntry({ remoteInfo } as never)).toBe(container);
  expect(loadScriptNode).toHaveBeenCalledWith(ENTRY, {
    attrs: { name: 'public_site', globalName: 'public_site', type: 'commonjs-module' },
  });
  expect('public_site' in globalThis).toBe(false);
});

it("hands the release's own instance a plugin that fetches every chunk from the release's folder", async () => {
  createReleaseRuntime(MANIFEST);
  const { plugin } = created();
  const remoteEntryInitOptions = { version: '', shareScopeKeys: 'default' };
  await plugin.beforeInitContainer({ remoteInfo: { entry: ENTRY }, remoteEntryInitOptions } as never);
  const [chunks] = (remoteEntryInitOptions as unknown as { plugins: Required<ModuleFederationRuntimePlugin>[] })
    .plugins;
  const fetched = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('chunk'));
  // The URL the node runtime built from another release's entry (the lookup by name).
  await chunks!.fetch('https://cdn.example/public-site/v1/server/src_server_tsx.0123456789.js', {});
  expect(fetched).toHaveBeenCalledWith(
    new URL('https://cdn.example/public-site/v2/server/src_server_tsx.0123456789.js'),
    {},
  );
});

it("lets go of the release: its remote, its instance, its host snapshot; never the shell's share scope", () => {
  const runtime = createReleaseRuntime(MANIFEST);
  const { instance } = created();
  const other = { name: 'shell' };
  federation.__INSTANCES__.unshift(other);
  federation.moduleInfo[instance.name] = {};
  federation.moduleInfo.shell = {};
  federation.__SHARE__[instance.options.id] = { default: shellScope };
  runtime.dispose();
  expect(instance.remoteHandler.removeRemote).toHaveBeenCalledWith({ name: 'public_site', entry: MANIFEST });
  expect(federation.__INSTANCES__).toEqual([other]);
  expect(Object.keys(federation.moduleInfo)).toEqual(['shell']);
  // A share scope map registered under the shell's id is the shell's: only the instance's own goes.
  expect(federation.__SHARE__[instance.options.id]).toEqual({ default: shellScope });
  const own = createReleaseRuntime(MANIFEST);
  const ownInstance = created().instance;
  federation.__SHARE__[ownInstance.options.id] = ownInstance.shareScopeMap;
  own.dispose();
  expect(federation.__SHARE__[ownInstance.options.id]).toBeUndefined();
});

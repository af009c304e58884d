/** @jest-environment node */
import { createReleaseRuntime, type ReleaseRuntime } from './releaseRuntime';
import {
  forgetPublicSiteServer,
  loadedPublicSiteReleases,
  loadPublicSiteServer,
  RELEASES_KEPT,
} from './publicSiteServer';

jest.mock('./releaseRuntime', () => ({ createReleaseRuntime: jest.fn() }));

/** A fake runtime per manifest URL: what it loaded, and whether it was let go of. */
const runtimes = new Map<string, { load: jest.Mock; dispose: jest.Mock }>();
const fakeRuntime = (url: string, load: () => Promise<unknown>): ReleaseRuntime => {
  const runtime = { load: jest.fn(load), dispose: jest.fn() };
  runtimes.set(url, runtime);
  return runtime as unknown as ReleaseRuntime;
};
const manifest = (name: string) => `http://cdn.example/public/${name}/mf-manifest.json`;
const LIVE = manifest('live');
const CANARY = manifest('canary');
const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  forgetPublicSiteServer();
  runtimes.clear();
  jest.mocked(createReleaseRuntime).mockReset();
  jest
    .mocked(createReleaseRuntime)
    .mockImplementation((url: string) => fakeRuntime(url, async () => ({ prepare: jest.fn(), build: url })));
});

describe('loadPublicSiteServer', () => {
  it('loads a release once and gives every later page the same module, concurrent ones included', async () => {
    const [first, second] = await Promise.all([loadPublicSiteServer(LIVE), loadPublicSiteServer(LIVE)]);
    expect(await loadPublicSiteServer(LIVE)).toBe(first);
    expect(second).toBe(first);
    expect(createReleaseRuntime).toHaveBeenCalledTimes(1);
    expect(runtimes.get(LIVE)!.load).toHaveBeenCalledWith('server');
  });

  it('keeps live and canary side by side: 200 alternating pages load each release once', async () => {
    const modules = new Set<unknown>();
    for (let page = 0; page < 200; page++) modules.add(await loadPublicSiteServer(page % 2 ? CANARY : LIVE));
    expect(modules.size).toBe(2);
    expect(jest.mocked(createReleaseRuntime).mock.calls.map(([url]) => url)).toEqual([LIVE, CANARY]);
    for (const runtime of runtimes.values()) {
      expect(runtime.load).toHaveBeenCalledTimes(1);
      expect(runtime.dispose).not.toHaveBeenCalled();
    }
    expect(loadedPublicSiteReleases()).toEqual([LIVE, CANARY]);
  });

  it(`keeps at most ${RELEASES_KEPT} releases, letting go of the least recently used (50 canaries in turn)`, async () => {
    for (let cycle = 0; cycle < 50; cycle++) {
      const canary = manifest(`canary-${cycle}`);
      for (let page = 0; page < 6; page++) await loadPublicSiteServer(page % 2 ? canary : LIVE);
      expect(loadedPublicSiteReleases().length).toBeLessThanOrEqual(RELEASES_KEPT);
      expect(loadedPublicSiteReleases()).toContain(LIVE);
    }
    await settle();
    // The live release was used throughout: loaded once, never let go of.
    expect(runtimes.get(LIVE)!.dispose).not.toHaveBeenCalled();
    const disposed = [...runtimes].filter(([, runtime]) => runtime.dispose.mock.calls.length > 0).map(([url]) => url);
    expect(disposed).toHaveLength(50 + 1 - RELEASES_KEPT);
    expect(disposed).not.toContain(manifest('canary-49'));
    for (const runtime of runtimes.values()) expect(runtime.dispose.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it('lets go of an evicted release only once its load has settled', async () => {
    let finish!: (module: unknown) => void;
    jest
      .mocked(createReleaseRuntime)
      .mockImplementationOnce((url: string) => fakeRuntime(url, () => new Promise((resolve) => (finish = resolve))));
    const slow = loadPublicSiteServer(manifest('slow'));
    for (const name of ['a', 'b', 'c']) await loadPublicSiteServer(manifest(name));
    expect(loadedPublicSiteReleases()).not.toContain(manifest('slow'));
    await settle();
    expect(runtimes.get(manifest('slow'))!.dispose).not.toHaveBeenCalled();
    finish({ prepare: jest.fn(), build: 'slow' });
    await slow;
    await settle();
    expect(runtimes.get(manifest('slow'))!.dispose).toHaveBeenCalledTimes(1);
  });

  it('rejects a module without prepare() and lets go of that release: the next request loads it afresh', async () => {
    await loadPublicSiteServer(LIVE);
    jest
      .mocked(createReleaseRuntime)
      .mockImplementationOnce((url: string) => fakeRuntime(url, async () => ({ build: 'broken' })));
    await expect(loadPublicSiteServer(CANARY)).rejects.toThrow('public_site/server has no prepare()');
    const broken = runtimes.get(CANARY)!;
    await settle();
    expect(broken.dispose).toHaveBeenCalledTimes(1);
    expect(loadedPublicSiteReleases()).toEqual([LIVE]);
    expect((await loadPublicSiteServer(CANARY)).prepare).toEqual(expect.any(Function));
    expect(createReleaseRuntime).toHaveBeenCalledTimes(3);
  });
});

/** @jest-environment node */
import { createReleaseRuntime, type ReleaseRuntime } from './releaseRuntime';
import { forgetPublicSiteServer } from './publicSiteServer';
import { renderPage } from './renderPage';

jest.mock('./releaseRuntime', () => ({ createReleaseRuntime: jest.fn() }));

/**
 * A public-site release that loads slower than a page's deadline (a busy machine): the page goes
 * to the browser, but the load goes on and renders the next pages. Cut off and started again on
 * each request, a load that always takes longer than the deadline was never done.
 */
const publicSite = {
  prepare: jest.fn(async () => ({
    build: 'slow-release',
    Page: () => <h1>私たちについて</h1>,
    embeddedState: { elementId: 'public-site-state', value: {} },
  })),
};
const request = {
  url: '/about',
  origin: 'https://ai-manabi.example',
  theme: 'light' as const,
  apiBaseUrl: 'http://article-api.internal:4100/api',
  publicSiteManifest: 'http://cdn.example/public/slow/mf-manifest.json',
};

afterEach(() => {
  jest.useRealTimers();
  forgetPublicSiteServer();
});

it('sends the page to the browser past the deadline, and renders the next one with the same load', async () => {
  let finishLoad!: (module: unknown) => void;
  const runtime = { load: jest.fn(() => new Promise((resolve) => (finishLoad = resolve))), dispose: jest.fn() };
  jest.mocked(createReleaseRuntime).mockReturnValue(runtime as unknown as ReleaseRuntime);

  jest.useFakeTimers();
  const first = renderPage(request);
  const refused = expect(first).rejects.toThrow('loading public_site/server took longer than 3000 ms');
  await jest.advanceTimersByTimeAsync(3000);
  await refused;
  jest.useRealTimers();

  finishLoad(publicSite);
  const next = await renderPage(request);
  expect(next.remoteBuild).toBe('slow-release');
  expect(next.root).toContain('私たちについて');
  expect(createReleaseRuntime).toHaveBeenCalledTimes(1);
  expect(runtime.load).toHaveBeenCalledTimes(1);
  expect(runtime.dispose).not.toHaveBeenCalled();
});

it('lets go of a release whose load failed: the next page loads it afresh', async () => {
  const broken = { load: jest.fn(async () => Promise.reject(new Error('no entry'))), dispose: jest.fn() };
  const fixed = { load: jest.fn(async () => publicSite), dispose: jest.fn() };
  jest
    .mocked(createReleaseRuntime)
    .mockReturnValueOnce(broken as unknown as ReleaseRuntime)
    .mockReturnValueOnce(fixed as unknown as ReleaseRuntime);

  await expect(renderPage(request)).rejects.toThrow('no entry');
  expect((await renderPage(request)).remoteBuild).toBe('slow-release');
  expect(broken.dispose).toHaveBeenCalledTimes(1);
  expect(fixed.load).toHaveBeenCalledTimes(1);
});

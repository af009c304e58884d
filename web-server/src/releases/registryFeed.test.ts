// The registry feed: lines from the release registry service over the deployed ones, revalidated
// in the background with the ETag, and the last good lines kept through any failure.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRegistryFeed, type RegistryFeed } from './registryFeed';

const BASE = {
  public_site: 'https://cdn.example/public-site/mf-manifest.json',
  admin_console: 'https://cdn.example/admin-console/mf-manifest.json',
};
const RELEASED = 'https://cdn.example/admin-console/releases/v2/mf-manifest.json';

/** A registry service whose answer the test sets; counts requests and conditional ones. */
async function fakeService() {
  const state = { status: 200, version: '1', body: '{"lines":{}}' as string, requests: 0, conditional: 0 };
  const server = http.createServer((req, res) => {
    state.requests += 1;
    const etag = `"${state.version}"`;
    if (req.headers['if-none-match'] === etag && state.status === 200) {
      state.conditional += 1;
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(state.status, { 'content-type': 'application/json', etag }).end(state.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/registry/production`;
  return {
    state,
    url,
    set(lines: unknown, version: string, canaries?: unknown) {
      state.status = 200;
      state.version = version;
      state.body = JSON.stringify({ environment: 'production', version, lines, canaries });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls until `condition` holds; only the test's limit bounds it (a busy machine is slower, not wrong). */
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
};

let service: Awaited<ReturnType<typeof fakeService>>;
let feed: RegistryFeed | undefined;
const logs: string[] = [];
const startFeed = async (url = service.url) => {
  feed = createRegistryFeed({ url, base: BASE, refreshMs: 50, log: (line) => logs.push(line) });
  await feed.start();
  return feed;
};

beforeEach(async () => {
  logs.length = 0;
  service = await fakeService();
});
afterEach(async () => {
  feed?.stop();
  await service.close();
});

it('serves the released lines over the deployed ones from the first page, dropping unknown names and non-URLs', async () => {
  service.set(
    { admin_console: RELEASED, other_app: 'https://x.example/m.json', public_site: 'javascript:alert(1)' },
    '1',
  );
  const { current } = await startFeed();
  expect(current()).toEqual({ public_site: BASE.public_site, admin_console: RELEASED });
});

it('sees a flip within one refresh, revalidating with the ETag in between (304s), and keeps one object until then', async () => {
  service.set({}, '1');
  const { current } = await startFeed();
  const before = current();
  await until(() => service.state.conditional >= 2);
  expect(current()).toBe(before);
  service.set({ admin_console: RELEASED }, '2');
  const flippedAt = Date.now();
  await until(() => current().admin_console === RELEASED);
  expect(Date.now() - flippedAt).toBeLessThan(1000);
});

it('keeps the last good lines when the service fails, answers nonsense or goes away, logging once per change', async () => {
  service.set({ admin_console: RELEASED }, '1');
  const { current } = await startFeed();
  service.state.status = 500;
  await until(() => logs.length === 1);
  expect(logs[0]).toContain('HTTP 500; keeping the last good lines');
  service.set(null, '2'); // 200 without lines
  await until(() => logs.length === 2);
  expect(logs[1]).toContain('the answer holds no registry lines');
  await service.close();
  await until(() => logs.length === 3);
  // A window of several refreshes in which no line may be logged again (the assertion itself).
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(logs).toHaveLength(3); // not once per refresh
  expect(current().admin_console).toBe(RELEASED);
});

it('starts on the deployed lines when the service cannot be reached, and picks the lines up once it answers', async () => {
  await service.close();
  const port = Number(new URL(service.url).port);
  const { current } = await startFeed();
  expect(current()).toEqual(BASE);
  const revived = http.createServer((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ lines: { admin_console: RELEASED } })),
  );
  await new Promise<void>((resolve) => revived.listen(port, '127.0.0.1', resolve));
  try {
    await until(() => current().admin_console === RELEASED);
    expect(logs.at(-1)).toContain('answers again');
  } finally {
    await new Promise<void>((resolve) => revived.close(() => resolve()));
  }
});

describe('canaries', () => {
  const CANARY = 'https://cdn.example/public-site/releases/v9/mf-manifest.json';

  it('keeps the running canaries beside the lines, dropping unknown remotes, non-URLs and shares outside 1–99', async () => {
    service.set({ admin_console: RELEASED }, '1', {
      public_site: { manifestUrl: CANARY, percent: 10 },
      admin_console: { manifestUrl: 'javascript:alert(1)', percent: 10 },
      business_portal: { manifestUrl: CANARY, percent: 100 },
      other_app: { manifestUrl: CANARY, percent: 10 },
    });
    const { state } = await startFeed();
    expect(state()).toEqual({
      lines: { public_site: BASE.public_site, admin_console: RELEASED },
      canaries: { public_site: { manifestUrl: CANARY, percent: 10 } },
    });
  });

  it.each([0, 100, 10.5, '10', null])('drops a canary whose share is %p', async (percent) => {
    service.set({}, '1', { public_site: { manifestUrl: CANARY, percent } });
    expect((await startFeed()).state().canaries).toEqual({});
  });

  it('reads no canary from a service that sends none (before canaries) or sends nonsense for them', async () => {
    service.set({ admin_console: RELEASED }, '1');
    const { state } = await startFeed();
    expect(state()).toEqual({ lines: { ...BASE, admin_console: RELEASED }, canaries: {} });
    service.set({ admin_console: RELEASED }, '2', ['public_site']);
    await until(() => service.state.requests >= 3);
    expect(state().canaries).toEqual({});
  });

  it('follows a canary started, raised and withdrawn within a refresh; the lines stay one object throughout', async () => {
    service.set({}, '1');
    const { state, current } = await startFeed();
    const lines = current();
    const before = state();
    await until(() => service.state.conditional >= 2);
    expect(state()).toBe(before);
    service.set({}, '2', { public_site: { manifestUrl: CANARY, percent: 10 } });
    await until(() => state().canaries.public_site?.percent === 10);
    service.set({}, '3', { public_site: { manifestUrl: CANARY, percent: 50 } });
    await until(() => state().canaries.public_site?.percent === 50);
    // Withdrawn (or aborted): the service lists it no more.
    service.set({}, '4', {});
    await until(() => Object.keys(state().canaries).length === 0);
    expect(state().lines).toBe(lines);
    expect(current()).toBe(lines);
  });
});

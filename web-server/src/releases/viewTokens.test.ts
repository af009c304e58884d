// The view token of each page (viewTokens.ts) over HTTP: a new one per response, cached pages
// included (spliced into the gzip the cache keeps, never kept in it), naming the release the page
// was served and the bucket, verifiable with the shared key, and rotated without a page's token
// going bad.
import { DEVELOPMENT_VIEW_TOKEN_KEY, servedBy, verifyViewToken, type ViewToken } from 'shared-releases/view-token';
import { createShellServer } from '../http/shellServer';
import type { StaticServer } from '../http/staticServer';
import { LIVE, shellDistCopy, testShellConfig } from '../testing/shellServerFixture';
import type { RegistryState } from './registry';

const CANARY = 'https://canary.example/public-site/v2/mf-manifest.json';
const STATE: RegistryState = {
  lines: { public_site: LIVE },
  canaries: { public_site: { manifestUrl: CANARY, percent: 10 } },
};
const OLD = 'old-key-0123456789-0123456789-0123456789';
const NEW = 'new-key-0123456789-0123456789-0123456789';
const TTL = { ttlMs: 600_000 };

let server: StaticServer | null = null;

const shellDist = shellDistCopy('token-shell-');
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(viewTokenKeys?: string[]): Promise<string> {
  const config = testShellConfig(shellDist(), viewTokenKeys ? { viewTokenKeys } : {});
  server = createShellServer(config, { registryState: () => STATE, log: () => undefined });
  await server.listen();
  return `http://127.0.0.1:${server.port()}`;
}

/** A page and the token in its head (fetch asks for gzip: a cached page comes spliced). */
async function page(base: string, cookie: string) {
  const response = await fetch(`${base}/articles/a`, { headers: { cookie } });
  const html = await response.text();
  const tokens = [...html.matchAll(/<meta name="view-token" content="([^"]*)">/g)].map((match) => match[1]!);
  return { render: response.headers.get('x-render'), encoding: response.headers.get('content-encoding'), tokens };
}

it('gives a cached page served twice two different tokens, each naming the release served and the bucket', async () => {
  const base = await start();
  const first = await page(base, 'release_bucket=5');
  const second = await page(base, 'release_bucket=5');
  expect([first.render, second.render]).toEqual([
    'server; cache=miss; public_site=v2',
    'server; cache=hit; public_site=v2',
  ]);
  expect(second.encoding).toBe('gzip');
  expect([first.tokens.length, second.tokens.length]).toEqual([1, 1]);
  expect(second.tokens[0]).not.toBe(first.tokens[0]);
  const third = await page(base, 'release_bucket=5');
  expect(new Set([...first.tokens, ...second.tokens, ...third.tokens]).size).toBe(3);

  for (const token of [...second.tokens, ...third.tokens]) {
    const view = verifyViewToken([DEVELOPMENT_VIEW_TOKEN_KEY], token, Date.now(), TTL) as ViewToken;
    expect(view).toMatchObject({ bucket: 5 });
    expect(Math.abs(view.issuedMs - Date.now())).toBeLessThan(5_000);
    expect(servedBy(view, 'public_site', CANARY)).toBe(true);
    expect(servedBy(view, 'public_site', LIVE)).toBe(false);
  }
  // A visitor outside the canary's share: the live release's token.
  const live = await page(base, 'release_bucket=9000');
  const view = verifyViewToken([DEVELOPMENT_VIEW_TOKEN_KEY], live.tokens[0]!, Date.now(), TTL)!;
  expect(servedBy(view, 'public_site', LIVE)).toBe(true);
});

it('signs with the first key: a service listing old and new keys verifies it, one with the old key only does not', async () => {
  const base = await start([NEW, OLD]);
  const [token] = (await page(base, 'release_bucket=5')).tokens;
  expect(verifyViewToken([NEW], token!, Date.now(), TTL)).not.toBeNull();
  expect(verifyViewToken([OLD, NEW], token!, Date.now(), TTL)).not.toBeNull();
  expect(verifyViewToken([OLD], token!, Date.now(), TTL)).toBeNull();
  expect(verifyViewToken([DEVELOPMENT_VIEW_TOKEN_KEY], token!, Date.now(), TTL)).toBeNull();
});

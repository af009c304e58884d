// Production as it is deployed (issue "Production as it is deployed", part 5): nginx in front of
// two web-server instances (`node web-server/dist/main.js`, configured only by its environment)
// and two article-api instances on one PostgreSQL. Each test prints its figures (console.log,
// "topology:" lines: sent/failed counts, times) so that a run can be quoted.
//
// Tests do not depend on one another: after a failure Playwright starts a new worker, whose
// beforeAll builds the whole topology afresh.
import { expect, test } from '@playwright/test';
import { adminIdToken, createArticle } from '../support/reliabilityApi';
import { forEachLimited, startLoad, type LoadFigures } from '../support/topology/load';
import { putArticle, rawGet, shareUrls, type ArticleDraft } from '../support/topology/pages';
import { sleep } from '../../scripts/lib/topology/processes';
import { startTopology, type Topology, type WebServerInstance } from '../support/topology/topology';

const EVIL = 'evil.example';
const SECOND = 1000;

let topology: Topology;
let token: string;
let probe: { id: number; draft: ArticleDraft };
/** Every public page: the fixed ones, a seed article and the probe article this file edits. */
let pages: string[];

const log = (line: string) => console.log(`topology: ${line}`);
const figures = (load: LoadFigures) =>
  `sent=${load.sent} failed=${load.failed} (${Math.round(load.sent / load.seconds)} req/s over ${load.seconds.toFixed(1)} s; ` +
  `p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, max ${load.maxMs} ms; not server-rendered: ${load.notServerRendered})`;

async function get(url: string) {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30 * SECOND) });
  return { status: response.status, render: response.headers.get('x-render') ?? '', body: await response.text() };
}

/**
 * Requests every page of `pages` on `server` until it says `cache=hit` (a page is cached after its
 * first render). Returns the pages that never did.
 */
async function warm(server: WebServerInstance, paths = pages): Promise<string[]> {
  const cold: string[] = [];
  for (const path of paths) {
    let hit = false;
    for (let attempt = 0; attempt < 10 && !hit; attempt += 1) {
      hit = (await get(`${server.origin}${path}`)).render.includes('cache=hit');
    }
    if (!hit) cold.push(path);
  }
  return cold;
}

/**
 * Resolves once nginx has sent a request to the instance on `port` again and had a 200 from it:
 * after a restart, nginx keeps an instance it saw fail out of rotation for fail_timeout (1 s).
 * Stopping the other instance before that would leave nginx with no live server at all, so a
 * rolling restart waits for this, as a deployment waits for its load balancer's health check.
 */
async function backInRotation(topology: Topology, port: number, fromLine: number, timeoutMs = 20 * SECOND) {
  const startedAt = Date.now();
  const upstream = `127.0.0.1:${port}`;
  while (Date.now() - startedAt < timeoutMs) {
    const served = topology.nginx
      .accessLog()
      .slice(fromLine)
      .some((request) => request.status === 200 && request.upstreams.at(-1) === upstream);
    if (served) return Date.now() - startedAt;
    await sleep(50);
  }
  throw new Error(`nginx did not send a request to ${upstream} within ${timeoutMs / SECOND} s`);
}

/** Access-log lines from `fromLine` on that name two upstreams: requests nginx sent again. */
const retriedSince = (fromLine: number) =>
  topology.nginx
    .accessLog()
    .slice(fromLine)
    .filter((request) => request.upstreams.length > 1).length;

test.describe('production topology: nginx, two web servers, two APIs, one PostgreSQL', () => {
  // Generous for a slow 2-core machine; the bars (0 failed, ≤ 5 s) are asserted, not these.
  test.describe.configure({ timeout: 120 * SECOND });

  test.beforeAll(async () => {
    test.setTimeout(180 * SECOND);
    const startedAt = Date.now();
    topology = await startTopology();
    const upAt = Date.now();
    token = await adminIdToken();
    const draft: ArticleDraft = {
      title: 'トポロジー確認記事 初版',
      content: '<p>二つのウェブサーバーと二つの API の前に nginx を置いた構成を確かめる記事です。</p>',
      slug: 'topology-probe',
      category: 'AIニュース',
      date: '2025-10-01',
    };
    // Written on the first API instance; the edits later go to the second (one database).
    const created = await createArticle(token, draft, topology.apis[0]!.base);
    probe = { id: created.id, draft };
    const list = (await (await fetch(`${topology.origin}/api/articles`)).json()) as { slug: string }[];
    const seed = list.find((article) => article.slug !== draft.slug);
    if (!seed) throw new Error('the API lists no seed article');
    pages = [
      '/',
      '/about',
      '/contents',
      '/articles',
      `/articles/${seed.slug}`,
      `/articles/${draft.slug}`,
      '/privacy',
      '/terms',
    ];
    for (const server of topology.webServers) {
      const cold = await warm(server);
      if (cold.length > 0) throw new Error(`${server.name} never cached ${cold.join(', ')}:\n${server.output()}`);
    }
    log(
      `started in ${((upAt - startedAt) / SECOND).toFixed(1)} s (${topology.startup}; nginx at ${topology.origin}); ` +
        `pages cached on both instances after ${((Date.now() - startedAt) / SECOND).toFixed(1)} s`,
    );
  });

  test.afterAll(async () => {
    await topology?.stop();
  });

  test('every public page is server-rendered through the proxy; an unknown path is a 404', async ({ request }) => {
    const rows: string[] = [];
    for (const path of [...pages, '/nope-topology']) {
      const response = await request.get(`${topology.origin}${path}`, { maxRedirects: 0 });
      const render = response.headers()['x-render'] ?? '';
      rows.push(`${response.status()} ${path} (${render})`);
      expect(response.status(), path).toBe(path === '/nope-topology' ? 404 : 200);
      expect(render, path).toMatch(/^server/);
      // The servers reach the API through the proxy: a degraded page would mean they do not.
      expect(render, path).not.toContain('degraded');
    }
    log(`pages through nginx:\n  ${rows.join('\n  ')}`);
  });

  test('an admin edit on one API instance is in the pages of both web servers within 5 s', async () => {
    const title = `トポロジー確認記事 ${Date.now()}`;
    const path = `/articles/${probe.draft.slug}`;
    const targets = [
      ...topology.webServers.map((server) => ({ name: server.name, url: `${server.origin}${path}` })),
      { name: 'nginx', url: `${topology.origin}${path}` },
    ];
    for (const target of targets) expect((await get(target.url)).body).not.toContain(title);

    await putArticle(topology.apis[1]!.base, token, probe.id, Object.assign({}, probe.draft, { title }));
    const editedAt = Date.now();
    const seen = await Promise.all(
      targets.map(async ({ name, url }) => {
        // Polled past the bar, so a slow instance's real time is printed rather than "> 5 s".
        while (Date.now() - editedAt < 30 * SECOND) {
          const page = await get(url);
          if (page.status === 200 && page.render.startsWith('server') && page.body.includes(title)) {
            return { name, ms: Date.now() - editedAt, render: page.render };
          }
          await sleep(20);
        }
        return { name, ms: Infinity, render: '' };
      }),
    );
    log(`edit visible after: ${seen.map(({ name, ms, render }) => `${name} ${ms} ms (${render})`).join('; ')}`);
    for (const { name, ms } of seen)
      expect(ms, `${name}: ms until the edited title was served`).toBeLessThanOrEqual(5 * SECOND);
  });

  test('SIGKILL of one web server under steady load through nginx: 0 failed requests', async () => {
    const [victim] = topology.webServers;
    const fromLine = topology.nginx.accessLog().length;
    const load = startLoad(
      pages.map((path) => `${topology.origin}${path}`),
      { concurrency: 30, maxMs: 60 * SECOND },
    );
    await sleep(1.5 * SECOND);
    const sentBeforeKill = load.sent();
    await victim!.kill();
    await sleep(3.5 * SECOND);
    const result = await load.stop();
    const retried = retriedSince(fromLine);
    const restartMs = await victim!.start();
    const cold = await warm(victim!);
    log(
      `SIGKILL of ${victim!.name} after ${sentBeforeKill} requests: ${figures(result)}; ` +
        `nginx sent ${retried} requests again; restarted in ${restartMs} ms`,
    );
    expect(result.failed, result.failures.join('\n')).toBe(0);
    expect(result.sent).toBeGreaterThan(100);
    expect(cold).toEqual([]);
  });

  test('rolling restart (SIGTERM, drain, start) of both web servers under steady load: 0 failed requests', async () => {
    const fromLine = topology.nginx.accessLog().length;
    const load = startLoad(
      pages.map((path) => `${topology.origin}${path}`),
      { concurrency: 30, maxMs: 90 * SECOND },
    );
    await sleep(1 * SECOND);
    const steps: string[] = [];
    const exits: (number | string)[] = [];
    for (const server of topology.webServers) {
      const { code, ms } = await server.terminate();
      exits.push(code);
      const startMs = await server.start();
      // Counted from here: a line logged earlier may be a request the old process answered.
      const restartedFrom = topology.nginx.accessLog().length;
      const rotationMs = await backInRotation(topology, server.port, restartedFrom);
      steps.push(
        `${server.name}: drained and exited ${code} in ${ms} ms, healthy in ${startMs} ms, back in nginx's rotation ${rotationMs} ms later`,
      );
    }
    await sleep(1 * SECOND);
    const result = await load.stop();
    log(
      `rolling restart: ${figures(result)}; nginx sent ${retriedSince(fromLine)} requests again\n  ${steps.join('\n  ')}`,
    );
    expect(exits, 'exit codes after SIGTERM').toEqual([0, 0]);
    expect(result.failed, result.failures.join('\n')).toBe(0);
    expect(result.sent).toBeGreaterThan(100);
  });

  test('forged Host and X-Forwarded-* never reach canonical, og:url or og:image, even as the cache refills', async () => {
    const targets = [topology.origin, ...topology.webServers.map((server) => server.origin)];
    const forgedPaths = [...pages, '/nope-forged', '/about/'];
    const forgeries = (target: string): Record<string, string>[] => {
      const host = new URL(target).host;
      return [
        { host: EVIL },
        { host, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' },
        {
          host: EVIL,
          'x-forwarded-host': EVIL,
          'x-forwarded-proto': 'https',
          'x-forwarded-port': '443',
          forwarded: `host=${EVIL};proto=https`,
        },
      ];
    };
    let forgedSent = 0;
    let forgedEchoes = 0;
    const echoes: string[] = [];
    const forgedRound = () =>
      forEachLimited(
        targets.flatMap((target) =>
          forgeries(target).flatMap((headers) => forgedPaths.map((path) => ({ target, headers, path }))),
        ),
        12,
        async ({ target, headers, path }) => {
          const response = await rawGet(target, path, headers);
          forgedSent += 1;
          const inHeaders = JSON.stringify(response.headers).includes(EVIL);
          if (response.body.includes(EVIL) || inHeaders) {
            forgedEchoes += 1;
            if (echoes.length < 10) echoes.push(`${target}${path} ${JSON.stringify(headers)} → ${response.status}`);
          }
        },
      );

    // Forged requests against the cached pages, then right after an edit, when they are the
    // requests that make the instances render the pages again and fill their caches.
    await forgedRound();
    const title = `トポロジー確認記事 偽装後 ${Date.now()}`;
    await putArticle(topology.apis[1]!.base, token, probe.id, Object.assign({}, probe.draft, { title }));
    const editedAt = Date.now();
    while (Date.now() - editedAt < 2 * SECOND) await forgedRound();

    // What an ordinary visitor gets afterwards, on each instance and through the proxy, once
    // the edit is in (so these pages are the refilled cache entries).
    let checked = 0;
    let poisoned = 0;
    const poisonedPages: string[] = [];
    for (const target of targets) {
      const articleUrl = `${target}/articles/${probe.draft.slug}`;
      for (let waited = 0; !(await get(articleUrl)).body.includes(title) && waited < 10 * SECOND; waited += 50)
        await sleep(50);
      for (const path of [...pages, '/nope-forged']) {
        const page = await get(`${target}${path}`);
        checked += 1;
        const urls = shareUrls(page.body);
        if (path === '/nope-forged') {
          // The 404 page names no page: no canonical URL, no og:url (docs/server-rendering.md).
          expect(page.status, `${target}${path}`).toBe(404);
          expect(urls.canonical, `${target}${path} canonical`).toBeNull();
        } else {
          expect(page.status, `${target}${path}`).toBe(200);
          expect(urls.canonical, `${target}${path} canonical`).toBe(`${topology.origin}${path}`);
          expect(urls.ogUrl, `${target}${path} og:url`).toBe(`${topology.origin}${path}`);
        }
        expect(urls.ogImage, `${target}${path} og:image`).toMatch(/^https?:\/\//);
        if (page.body.includes(EVIL) || Object.values(urls).some((url) => url?.includes(EVIL))) {
          poisoned += 1;
          poisonedPages.push(`${target}${path}: ${JSON.stringify(urls)}`);
        }
      }
    }
    log(
      `forged requests sent=${forgedSent} (evil.example in their own answers: ${forgedEchoes}); ` +
        `pages checked afterwards=${checked}, poisoned=${poisoned}`,
    );
    expect(poisoned, poisonedPages.join('\n')).toBe(0);
    expect(forgedEchoes, echoes.join('\n')).toBe(0);
  });

  test('2,000 path variants through nginx: 301 to the canonical path (unknown paths 404), real pages stay cached', async () => {
    for (const server of topology.webServers)
      expect(await warm(server), `${server.name} caches every page`).toEqual([]);
    // A fixed sequence (a linear congruential generator), so a failing variant comes back on the next run.
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const shout = (segment: string) =>
      [...segment].map((char, i) => (i === 0 || random() < 0.5 ? char.toUpperCase() : char)).join('');
    const firstSegmentShouted = (path: string) =>
      path.replace(/^\/([^/]+)/, (_, segment: string) => `/${shout(segment)}`);
    const variantsOf = (path: string, n: number): string[] =>
      path === '/'
        ? ['//', '///', '/index.html', `/${'/'.repeat(1 + (n % 4))}`]
        : [
            `${path}/`,
            `${path}${'/'.repeat(2 + (n % 4))}`,
            `/${path}`,
            `/${'/'.repeat(n % 3)}${path}/`,
            firstSegmentShouted(path),
            `${firstSegmentShouted(path)}//`,
            path.replace(/^\/([^/]+)\//, '/$1//'),
          ].filter((variant) => variant !== path);

    interface Case {
      path: string;
      status: 301 | 404;
      location?: string;
    }
    const cases: Case[] = [];
    for (let n = 0; cases.length < 2000; n += 1) {
      if (n % 8 === 0) cases.push({ path: `/nope-${n}`, status: 404 });
      else if (n % 8 === 4) cases.push({ path: `/nope-${n}/`, status: 301, location: `/nope-${n}` });
      else {
        const real = pages[n % pages.length]!;
        const variants = variantsOf(real, n);
        cases.push({ path: variants[Math.floor(random() * variants.length)]!, status: 301, location: real });
      }
    }

    const startedAt = Date.now();
    const counts = { redirected: 0, notFound: 0, wrong: 0 };
    const wrong: string[] = [];
    await forEachLimited(cases, 16, async (expected) => {
      const response = await fetch(`${topology.origin}${expected.path}`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(30 * SECOND),
      });
      await response.arrayBuffer();
      const location = response.headers.get('location');
      if (response.status === expected.status && (expected.status === 404 || location === expected.location)) {
        counts[expected.status === 301 ? 'redirected' : 'notFound'] += 1;
      } else {
        counts.wrong += 1;
        if (wrong.length < 15) {
          wrong.push(
            `${expected.path} → ${response.status}${location ? ` ${location}` : ''} (expected ${expected.status}${expected.location ? ` ${expected.location}` : ''}; x-render: ${response.headers.get('x-render')})`,
          );
        }
      }
    });
    const seconds = (Date.now() - startedAt) / SECOND;

    const evicted: string[] = [];
    for (const server of topology.webServers) {
      for (const path of pages) {
        const { render } = await get(`${server.origin}${path}`);
        if (!render.includes('cache=hit')) evicted.push(`${server.name} ${path} (${render})`);
      }
    }
    log(
      `${cases.length} variants in ${seconds.toFixed(1)} s: 301=${counts.redirected} 404=${counts.notFound} wrong=${counts.wrong}; ` +
        `real pages evicted afterwards=${evicted.length} of ${pages.length * topology.webServers.length}` +
        (wrong.length > 0 ? `\n  first wrong answers:\n  ${wrong.join('\n  ')}` : ''),
    );
    expect(counts.wrong, wrong.join('\n')).toBe(0);
    expect(evicted, 'real pages no longer cached').toEqual([]);
  });
});

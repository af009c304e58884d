// The production topology (topology.spec.ts) against requests a browser would not send: forged
// Host and X-Forwarded-* headers, and thousands of non-canonical paths. A topology of its own, so
// this file runs apart from topology.spec.ts. Each test prints its figures ("topology:" lines).
import { expect, test } from '@playwright/test';
import { forEachLimited } from '../support/topology/load';
import { putArticle, rawGet, shareUrls, type ArticleDraft } from '../support/topology/pages';
import { get, log, pathVariants, SECOND, warm } from '../support/topology/probes';
import { useProbedTopology } from '../support/topology/probedTopology';
import { sleep } from 'local-stack/topology/processes';
import type { Topology } from '../support/topology/topology';

const EVIL = 'evil.example';

let topology: Topology;
let token: string;
let probe: { id: number; draft: ArticleDraft };
let pages: string[];

test.describe('production topology under hostile requests', () => {
  useProbedTopology((probed) => ({ topology, token, probe, pages } = probed));

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
      expect(await warm(server, pages), `${server.name} caches every page`).toEqual([]);
    const cases = pathVariants(pages, 2000);

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

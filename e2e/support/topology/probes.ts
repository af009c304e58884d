// What the topology test asks of a running topology: a page with its X-Render header, a warmed
// cache, nginx's rotation and retries read from its access log, and the path variants it sends.
import { sleep } from 'local-stack/topology/processes';
import type { LoadFigures } from './load';
import type { Topology, WebServerInstance } from './topology';

export const SECOND = 1000;

export const log = (line: string) => console.log(`topology: ${line}`);

export const figures = (load: LoadFigures) =>
  `sent=${load.sent} failed=${load.failed} (${Math.round(load.sent / load.seconds)} req/s over ${load.seconds.toFixed(1)} s; ` +
  `p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, max ${load.maxMs} ms; not server-rendered: ${load.notServerRendered})`;

export async function get(url: string) {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30 * SECOND) });
  return { status: response.status, render: response.headers.get('x-render') ?? '', body: await response.text() };
}

/**
 * Requests every one of `paths` on `server` until it says `cache=hit` (a page is cached after its
 * first render). Returns the pages that never did. A render that fails is not tried again for 5 s
 * (serverRendering.ts), and a just restarted instance on a busy machine can fail its first one:
 * each page is asked for up to 10 s, a quarter of a second apart.
 */
export async function warm(server: WebServerInstance, paths: string[]): Promise<string[]> {
  const cold: string[] = [];
  for (const path of paths) {
    let hit = false;
    for (let attempt = 0; attempt < 40 && !hit; attempt += 1) {
      hit = (await get(`${server.origin}${path}`)).render.includes('cache=hit');
      if (!hit && attempt > 0) await sleep(SECOND / 4);
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
export async function backInRotation(topology: Topology, port: number, fromLine: number, timeoutMs = 20 * SECOND) {
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
export const retriedSince = (topology: Topology, fromLine: number) =>
  topology.nginx
    .accessLog()
    .slice(fromLine)
    .filter((request) => request.upstreams.length > 1).length;

export interface VariantCase {
  path: string;
  status: 301 | 404;
  location?: string;
}

/**
 * `count` requests for non-canonical spellings of `pages` (trailing and repeated slashes, upper
 * case in the first segment, /index.html) and for unknown paths, each with the answer it must get.
 * A fixed sequence (a linear congruential generator), so a failing variant comes back on the next run.
 */
export function pathVariants(pages: string[], count: number): VariantCase[] {
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

  const cases: VariantCase[] = [];
  for (let n = 0; cases.length < count; n += 1) {
    if (n % 8 === 0) cases.push({ path: `/nope-${n}`, status: 404 });
    else if (n % 8 === 4) cases.push({ path: `/nope-${n}/`, status: 301, location: `/nope-${n}` });
    else {
      const real = pages[n % pages.length]!;
      const variants = variantsOf(real, n);
      cases.push({ path: variants[Math.floor(random() * variants.length)]!, status: 301, location: real });
    }
  }
  return cases;
}

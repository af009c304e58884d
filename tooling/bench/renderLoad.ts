import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median } from './stats';

export interface RenderLoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  /** `errors` by kind (autocannon's loads): failed requests, timeouts, answers of another status. */
  errorKinds?: Record<string, number>;
  requests: number;
  /** Requests sent before the measured ones (not in the figures; a server's CPU over the load counts them). */
  warmupRequests: number;
  /** Responses by X-Render cache state (miss, hit, stale) or `client` when a page was not rendered. */
  renders: Record<string, number>;
}

/** What the bench measures: the bars' two loads, and the uncached one paced evenly (for comparison). */
export interface RenderLoadResults {
  uncached: RenderLoadFigures;
  'uncached, evenly paced'?: RenderLoadFigures;
  cached: RenderLoadFigures;
  /** `cached` with fixed registry lines instead of the release registry service's. */
  'cached, static registry'?: RenderLoadFigures;
  /** The release service's registry, read as each web server reads it every second (If-None-Match: 304). */
  'registry refresh (304)'?: RenderLoadFigures;
  /** The same registry read whole (200): a web server's first read, or the one after a flip. */
  'registry read (200)'?: RenderLoadFigures;
}

export interface RenderLoadOptions {
  connections: number;
  seconds: number;
  /** Fixed overall rate (requests/s); absent: as fast as the server answers. */
  rate?: number;
  /** Requests evenly spaced at `rate` (renderLoadRun.mjs) rather than autocannon's burst per second. */
  paced?: boolean;
  /** Cookie headers sent in turn (autocannon only): visitors of different releases. */
  cookies?: string[];
  /** Request headers added to every request. */
  headers?: Record<string, string>;
  /** The status every answer should have (default 200); any other counts as an error. */
  expectStatus?: number;
}

const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'renderLoadRun.mjs');

async function loadOnce(url: string, options: RenderLoadOptions): Promise<RenderLoadFigures> {
  const { stdout } = await promisify(execFile)(process.execPath, [runner, JSON.stringify({ url, ...options })], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as RenderLoadFigures;
}

/** autocannon against the shell's server from a child process; medians of `runs`, errors summed. */
export async function renderLoad(url: string, options: RenderLoadOptions, runs: number): Promise<RenderLoadFigures> {
  const samples: RenderLoadFigures[] = [];
  for (let i = 0; i < runs; i++) samples.push(await loadOnce(url, options));
  const sum = (counts: (Record<string, number> | undefined)[]) => {
    const total: Record<string, number> = {};
    for (const count of counts) for (const [key, n] of Object.entries(count ?? {})) total[key] = (total[key] ?? 0) + n;
    return total;
  };
  const errorKinds = sum(samples.map((s) => s.errorKinds));
  return {
    requestsPerSecond: median(samples.map((s) => s.requestsPerSecond)),
    p50Ms: median(samples.map((s) => s.p50Ms)),
    p99Ms: median(samples.map((s) => s.p99Ms)),
    maxMs: Math.max(...samples.map((s) => s.maxMs)),
    errors: samples.reduce((total, s) => total + s.errors, 0),
    ...(Object.keys(errorKinds).length ? { errorKinds } : {}),
    requests: samples.reduce((total, s) => total + s.requests, 0),
    warmupRequests: samples.reduce((total, s) => total + s.warmupRequests, 0),
    renders: sum(samples.map((s) => s.renders)),
  };
}

/**
 * The release service's registry as the web servers read it: the conditional read every instance
 * sends each second (If-None-Match: the current ETag, answered 304) and the whole read, 20
 * connections flat out each. Issue 41's "the registry's refresh", compared before and after the
 * service left the article API.
 */
export async function registryLoad(
  registryUrl: string,
  runs: number,
): Promise<Pick<RenderLoadResults, 'registry refresh (304)' | 'registry read (200)'>> {
  const etag = (await fetch(registryUrl)).headers.get('etag');
  if (!etag) throw new Error(`${registryUrl} answered no ETag`);
  const load = { connections: 20, seconds: 10 };
  return {
    'registry refresh (304)': await renderLoad(
      registryUrl,
      { ...load, headers: { 'if-none-match': etag }, expectStatus: 304 },
      runs,
    ),
    'registry read (200)': await renderLoad(registryUrl, load, runs),
  };
}

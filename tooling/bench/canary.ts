// Issue 35's figures: cached page throughput while a canary of public-site runs (half the
// visitors on each release, both cached) against the same load with no canary, in one run; and the
// web server's memory over 50 canary start/abort cycles, each a new release its renderer loads,
// after 10 such cycles not counted (the render threads' heaps grow to their working size first).
// Canaries are started and aborted with the release CLI, exactly as a team would.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { BUCKET_COOKIE } from 'shared-releases';
import { renderLoad, type RenderLoadFigures } from './renderLoad';
import { median } from './stats';
import { distDir, repoRoot } from 'local-stack/apps.mjs';

export interface CanaryMemory {
  cycles: number;
  /** Cycles run first and not counted: the render threads' heaps grow to their working size. */
  warmupCycles: number;
  /** The process's resident memory after each counted cycle (MB): server, render threads, page cache. */
  rssMb: number[];
  /** After the warm-up: the median of the last five cycles against the median of the first five. */
  changePercent: number;
  /** The same over every cycle, warm-up included. */
  changeWithWarmupPercent: number;
}

export interface CanaryFigures {
  'cached, canary at 50 %': RenderLoadFigures;
  'cached, no canary': RenderLoadFigures;
  memory: CanaryMemory;
}

const bucketCookie = (bucket: number) => `${BUCKET_COOKIE}=${bucket}`;

/** Five visitors below the 50 % line and five above: both releases, each page cached. */
const COOKIES = [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000].map(bucketCookie);

function cli(script: 'release' | 'canary', args: string[], storeDir: string, apiUrl: string): Promise<void> {
  return promisify(execFile)(process.execPath, [path.join(repoRoot, 'scripts', `${script}.mjs`), ...args], {
    cwd: repoRoot,
    env: { ...process.env, RELEASE_API_URL: apiUrl, RELEASE_STORE_DIR: storeDir },
    maxBuffer: 16 * 1024 * 1024,
  }).then(() => undefined);
}

/** Waits until the shell serves `manifest` (or not, with `served: false`) to bucket 0. */
async function untilServed(shellUrl: string, version: string, served = true): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${shellUrl}/mf-remotes.json`, { headers: { cookie: bucketCookie(0) } });
    const line = ((await response.json()) as Record<string, string>).public_site ?? '';
    if (line.includes(`/${version}/`) === served) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the shell never ${served ? 'served' : 'dropped'} ${version}`);
}

/** One visit of each cookie: the canary's pages are rendered with its release (loading it). */
async function visitAll(url: string): Promise<void> {
  for (const cookie of COOKIES) {
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
  }
}

export async function measureCanary(
  { url, shellUrl, storeDir, apiUrl }: { url: string; shellUrl: string; storeDir: string; apiUrl: string },
  runs: number,
  cycles = 50,
  warmupCycles = 10,
): Promise<CanaryFigures> {
  const stamp = Date.now().toString(36);
  const release = async (version: string) => {
    await cli(
      'release',
      ['public-site', '--from', distDir('public-site'), '--version', version, '--canary', '50'],
      storeDir,
      apiUrl,
    );
    await untilServed(shellUrl, version);
  };
  const abort = async (version: string) => {
    await cli('canary', ['public-site', 'abort'], storeDir, apiUrl);
    await untilServed(shellUrl, version, false);
  };

  const first = `bench-canary-${stamp}-0`;
  await release(first);
  await visitAll(url);
  const during = await renderLoad(url, { connections: 20, seconds: 10, cookies: COOKIES }, runs);
  await abort(first);
  await visitAll(url);
  const without = await renderLoad(url, { connections: 20, seconds: 10, cookies: COOKIES }, runs);

  const allMb: number[] = [];
  for (let cycle = 1; cycle <= warmupCycles + cycles; cycle++) {
    const version = `bench-canary-${stamp}-${cycle}`;
    await release(version);
    await visitAll(url);
    await abort(version);
    await visitAll(url);
    allMb.push(Math.round((process.memoryUsage().rss / 2 ** 20) * 10) / 10);
  }
  const change = (samples: number[]) => {
    const start = median(samples.slice(0, 5));
    return Math.round(((median(samples.slice(-5)) - start) / start) * 1000) / 10;
  };
  const rssMb = allMb.slice(warmupCycles);
  return {
    'cached, canary at 50 %': during,
    'cached, no canary': without,
    memory: {
      cycles,
      warmupCycles,
      rssMb,
      changePercent: change(rssMb),
      changeWithWarmupPercent: change(allMb),
    },
  };
}

/**
 * The traffic of the canary test: when both instances serve a release to a bucket, and visitors
 * in Chromium (canary and live ones, in a pool of lanes) that send health reports.
 */
import type { Browser } from '@playwright/test';
import { browserVisit, servedRegistryLine, type BrowserVisit } from './canaryVisitors';
import { type CanaryWorld, INSTANCES } from './canaryWorld';

/** Milliseconds until both instances serve `manifest` to a visitor with `cookie`. */
export async function msUntilServed(cookie: string, manifest: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const lines = await Promise.all(INSTANCES.map((origin) => servedRegistryLine(origin, cookie)));
    if (lines.every((line) => line === manifest)) return Date.now() - started;
    if (Date.now() - started > 10_000) throw new Error(`never served ${manifest}: ${lines.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Visitors, four at a time, a new one as soon as one leaves: three lanes of canary visitors
 * (buckets below `canaryBelow`) and one of the live release's. Each lands on a page and follows
 * three footer links inside it (four pages, the most one address counts), then waits for the
 * page's health report. Stops early once `until` says so.
 */
export async function traffic(
  world: CanaryWorld,
  browser: Browser,
  count: number,
  canaryBelow: number,
  addressPrefix: string,
  until?: () => Promise<boolean>,
) {
  const visits: BrowserVisit[] = [];
  const lanes = 4;
  let next = 0;
  let done = false;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      while (!done) {
        const n = next++;
        if (n >= count || (until && (await until()))) {
          done = true;
          return;
        }
        const bucket =
          lane === lanes - 1 ? canaryBelow + ((n * 7919) % (10_000 - canaryBelow)) : (n * 7919) % canaryBelow;
        visits.push(
          await browserVisit(browser, {
            pages: [{ origin: INSTANCES[n % 2]!, pathname: '/articles' }],
            clicks: ['/about', '/', '/privacy'],
            address: `${addressPrefix}.${Math.floor(n / 250)}.${(n % 250) + 1}`,
            bucket,
            healthUrl: `${world.api.base}/health`,
            awaitReports: true,
          }),
        );
      }
    }),
  );
  return visits;
}

/**
 * Page loads for the Core Web Vitals canary test (docs/canary-releases.md, "Core Web Vitals"):
 * lanes of canary and live visitors in Chromium, each visit four full page loads (each its own
 * view token, its LCP sent with its last report when the next load hides it; a lane's very last
 * page is never hidden and sends none), all from one address. Stops early once `until` says so.
 * Each side (canary, live) makes `visitsPerSide` visits between its two lanes, whichever lane is
 * faster: a side's page loads, and so its LCP samples, do not depend on the other side's pace.
 */
import type { Browser } from '@playwright/test';
import { openVisitorLane } from './canaryVisitors';
import { type CanaryWorld, INSTANCES } from './canaryWorld';

const PAGES = ['/articles', '/about', '/', '/privacy'];

export async function pageLoads(
  world: CanaryWorld,
  browser: Browser,
  { visitsPerSide, address, until }: { visitsPerSide: number; address: string; until?: () => Promise<boolean> },
): Promise<{ canaryLoads: number; liveLoads: number }> {
  // Two canary lanes (buckets 0 and 1: the canary runs at 50 %) and two live ones.
  const buckets = [0, 9_999, 1, 9_998];
  const loads = { canaryLoads: 0, liveLoads: 0 };
  const started = { canary: 0, live: 0 };
  let done = false;
  await Promise.all(
    buckets.map(async (bucket) => {
      const lane = await openVisitorLane(browser, { healthUrl: `${world.api.base}/health`, bucket });
      try {
        const side = bucket < 5_000 ? 'canary' : 'live';
        while (!done) {
          const n = started[side]++;
          if (n >= visitsPerSide) break;
          if (until && (await until())) {
            done = true;
            break;
          }
          // Each page stays until its counts are sent (2 s after its first view): a visitor reads it,
          // and the late text has painted; the next load hides it and sends its LCP.
          await lane.visit({
            pages: PAGES.map((pathname, i) => ({ origin: INSTANCES[(n + i) % 2]!, pathname })),
            address,
            awaitReports: true,
          });
          loads[side === 'canary' ? 'canaryLoads' : 'liveLoads'] += PAGES.length;
        }
      } finally {
        await lane.close();
      }
    }),
  );
  return loads;
}

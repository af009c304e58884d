/**
 * The traffic of the canary test: when both instances serve a release to a bucket, and visitors
 * in Chromium (canary and live ones, in a pool of lanes) that send health reports.
 */
import type { Browser } from '@playwright/test';
import { httpVisit, openVisitorLane, servedRegistryLine, type BrowserVisit } from './canaryVisitors';
import { type CanaryWorld, INSTANCES } from './canaryWorld';
import { paced } from '../pace';

/** Milliseconds until both instances serve `manifest` to a visitor with `cookie`. */
export async function msUntilServed(cookie: string, manifest: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const lines = await Promise.all(INSTANCES.map((origin) => servedRegistryLine(origin, cookie)));
    if (lines.every((line) => line === manifest)) return Date.now() - started;
    if (Date.now() - started > paced(10_000)) throw new Error(`never served ${manifest}: ${lines.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Milliseconds until both instances render `pathname` with `build` for a visitor with `cookie`.
 * A release's first page on an instance waits for the release's load, and past the page's deadline
 * (3 s: a busy machine) goes to the browser while the load goes on, the release not tried again for
 * 5 s (web-server/src/render/serverRendering.ts): the visitors of a test that counts rendered pages
 * come once it renders.
 */
export async function msUntilRendered(cookie: string, pathname: string, build: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const visits = await Promise.all(INSTANCES.map((origin) => httpVisit(origin, pathname, cookie)));
    if (visits.every((visit) => visit.renderedBuild === build)) return Date.now() - started;
    if (Date.now() - started > paced(30_000)) {
      throw new Error(
        `never rendered ${pathname} with ${build}: ${visits.map((visit) => visit.renderedBuild).join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Visitors, four at a time, a new one as soon as one leaves: three lanes of canary visitors (one
 * bucket below `canaryBelow` each) and one of the live release's, each lane a browser context its
 * visitors take turns in (returning visitors, the release in the browser's cache). Each lands on a
 * page and follows three footer links inside it (four pages, within its view token's allowance),
 * then waits for the page's health report. Every visitor comes from `address` (X-Forwarded-For):
 * one address, as behind an office's or a mobile carrier's NAT, where each page load counts by its
 * view token. Stops early once `until` says so.
 */
export async function traffic(
  world: CanaryWorld,
  browser: Browser,
  count: number,
  canaryBelow: number,
  address: string,
  until?: () => Promise<boolean>,
) {
  const visits: Array<BrowserVisit & { canary: boolean }> = [];
  const lanes = 4;
  let next = 0;
  let done = false;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      const live = lane === lanes - 1;
      const bucket = live ? 10_000 - 1 - lane : Math.floor(((lane + 0.5) * canaryBelow) / (lanes - 1));
      const visitors = await openVisitorLane(browser, { healthUrl: `${world.api.base}/health`, bucket });
      try {
        while (!done) {
          const n = next++;
          if (n >= count || (until && (await until()))) {
            done = true;
            return;
          }
          const visit = await visitors.visit({
            pages: [{ origin: INSTANCES[n % 2]!, pathname: '/articles' }],
            clicks: ['/about', '/', '/privacy'], // VIEWS_PER_VISIT in all
            address,
            awaitReports: true,
          });
          visits.push(Object.assign(visit, { canary: !live }));
        }
      } finally {
        await visitors.close();
      }
    }),
  );
  return visits;
}

/** Pages the area showed in one visit: the landing page and each link followed. */
export const VIEWS_PER_VISIT = 4;

/** When the canary visitors' reports had carried `views` canary page views (null: never). */
export function momentOfCanaryViews(visits: Array<BrowserVisit & { canary: boolean }>, views: number): number | null {
  let seen = 0;
  for (const visit of [...visits].sort((a, b) => a.endedAt - b.endedAt)) {
    if (!visit.canary || visit.reportsSent === 0) continue;
    seen += VIEWS_PER_VISIT;
    if (seen >= views) return visit.endedAt;
  }
  return null;
}

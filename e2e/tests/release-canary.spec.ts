// Canary releases in their production shape (docs/canary-releases.md): two web
// servers split visitors by a bucket cookie, the same on the server's render, in the browser and
// on reload on either instance; browsers report health per release; a broken canary withdraws
// itself, a healthy one under the same traffic and 1,000 forged reports does not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { buildInto } from '../support/build';
import { createTeamCheckout, replaceOnce } from '../support/teamCheckout';
import {
  bucketCookie,
  browserVisit,
  httpVisit,
  servedRegistryLine,
  type BrowserVisit,
} from '../support/releases/canaryVisitors';
import { canaryWorldOfFile, DEPLOYED_MANIFEST, INSTANCES, releaseManifest } from '../support/releases/canaryWorld';
import { figure } from '../support/figure';
import { forgeHealthReports } from '../support/releases/forgedReports';
import { momentOfCanaryViews, msUntilRendered, msUntilServed, traffic } from '../support/releases/canaryTraffic';
import { paced } from '../support/pace';

const [instanceA, instanceB] = INSTANCES as [string, string];
const other = (origin: string) => (origin === instanceA ? instanceB : instanceA);
const world = canaryWorldOfFile();
const folders: string[] = [];
const builds = { ok: '', broken: '' };
/** Visitors of the first test: their cookie and the manifest they were served. */
const firstVisitors: Array<{ cookie: string; manifest: string }> = [];

test.beforeAll(async () => {
  test.setTimeout(paced(420_000));
  // Two builds of public-site, as two teams' CI would make them: a healthy one, and one whose
  // routes throw on render.
  const checkout = createTeamCheckout();
  checkout.edit('public-site/src/routes.tsx', (text) =>
    replaceOnce(
      text,
      'function PublicSiteRoutes() {\n',
      "function PublicSiteRoutes() {\n  if (Date.now() > 0) throw new Error('canary-broken: the routes throw on render');\n",
    ),
  );
  builds.ok = fs.mkdtempSync(path.join(os.tmpdir(), 'canary-ok-'));
  builds.broken = fs.mkdtempSync(path.join(os.tmpdir(), 'canary-broken-'));
  folders.push(builds.ok, builds.broken);
  try {
    await buildInto('public-site', builds.ok, 'canary-ok');
    await buildInto('public-site', builds.broken, 'canary-broken', checkout.dir);
  } finally {
    checkout.remove();
  }
});
test.afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

test('a canary at 10 %: of 1,000 new visitors 7–13 % get it, each the same release in the HTML, its registry and on reload on the other instance', async () => {
  const started = await world().cli('release', [
    'public-site',
    '--canary',
    '10',
    '--version',
    'canary-ok',
    '--from',
    builds.ok,
  ]);
  expect(started.err).toBe('');
  expect(started.code).toBe(0);
  figure(
    `canary at 10 % served by both instances after ${await msUntilServed(bucketCookie(0), releaseManifest('canary-ok'))} ms`,
  );
  // Every visit below must be server-rendered: they come once both instances have loaded it.
  figure(
    `canary rendered by both instances after ${await msUntilRendered(bucketCookie(0), '/articles', 'canary-ok')} ms more`,
  );

  const builtBy = new Map<string, string>(); // manifest → the build the server rendered with
  let canary = 0;
  const visitors = Array.from({ length: 1000 }, (_, n) => n);
  for (let start = 0; start < visitors.length; start += 20) {
    await Promise.all(
      visitors.slice(start, start + 20).map(async (n) => {
        const first = INSTANCES[n % 2]!;
        const visit = await httpVisit(first, '/articles');
        expect(visit.status).toBe(200);
        expect(visit.setCookie).toMatch(/^release_bucket=\d+$/);
        const manifest = visit.preloadedManifest!;
        expect([DEPLOYED_MANIFEST, releaseManifest('canary-ok')]).toContain(manifest);
        if (manifest !== DEPLOYED_MANIFEST) canary += 1;
        expect(visit.renderedBuild).not.toBeNull();
        if (!builtBy.has(manifest)) builtBy.set(manifest, visit.renderedBuild!);
        expect(visit.renderedBuild).toBe(builtBy.get(manifest));
        const cookie = visit.setCookie!;
        expect(await servedRegistryLine(other(first), cookie)).toBe(manifest);
        const reload = await httpVisit(other(first), '/articles', cookie);
        expect(reload.setCookie).toBeNull();
        expect(reload.preloadedManifest).toBe(manifest);
        expect(reload.renderedBuild).toBe(visit.renderedBuild);
        firstVisitors.push({ cookie, manifest });
      }),
    );
  }
  expect(builtBy.get(releaseManifest('canary-ok'))).toBe('canary-ok');
  figure(`canary share over 1,000 visitors at 10 %: ${(canary / 10).toFixed(1)} %`);
  expect(canary).toBeGreaterThanOrEqual(70);
  expect(canary).toBeLessThanOrEqual(130);
});

test('at 50 %, the 10 % keep the canary; in Chromium a visitor sees one release in the HTML, after hydration and on reload on the other instance', async ({
  browser,
}) => {
  const raised = await world().cli('canary', ['public-site', '50']);
  expect(raised.err).toBe('');
  expect(raised.code).toBe(0);
  await msUntilServed(bucketCookie(4_999), releaseManifest('canary-ok'));
  for (const { cookie, manifest } of firstVisitors.filter((v) => v.manifest !== DEPLOYED_MANIFEST))
    expect(await servedRegistryLine(instanceB, cookie)).toBe(manifest);

  const seen = new Set<string>();
  for (let n = 0; n < 16; n += 1) {
    const first = INSTANCES[n % 2]!;
    const visit = await browserVisit(browser, {
      pages: [
        { origin: first, pathname: '/articles' },
        { origin: other(first), pathname: '/articles' },
      ],
      address: `10.1.0.${n + 1}`,
      healthUrl: `${world().api.base}/health`,
    });
    const [page, reload] = visit.pages as [BrowserVisit['pages'][number], BrowserVisit['pages'][number]];
    expect(page.renderedBuild).not.toBeNull();
    expect(page.loadedManifest).toBe(page.preloadedManifest);
    expect(reload.preloadedManifest).toBe(page.preloadedManifest);
    expect(reload.renderedBuild).toBe(page.renderedBuild);
    expect(reload.loadedManifest).toBe(page.preloadedManifest);
    expect(reload.fallback).toBe(false);
    seen.add(page.preloadedManifest!);
  }
  expect(seen.size).toBe(2);
});

test('a healthy canary under visitor traffic and 1,000 forged reports from one address stays', async ({ browser }) => {
  const visits = await traffic(world(), browser, 20, 5000, '10.2.0.1');
  const forgingStarted = Date.now();
  const forged = await forgeHealthReports(world().api.base, '203.0.113.9', releaseManifest('canary-ok'), 1000);
  // The allowance is per window of a minute, each opened by the address's first report after the
  // last closed: a flood that outlasts a minute (a slow machine) gets a second allowance.
  const windowsOpened = Math.ceil((Date.now() - forgingStarted + 1) / 60_000);
  figure(
    `1,000 forged reports from one address: ${forged.accepted} accepted (202), ${forged.invalid} refused as malformed (400), ${forged.limited} over the rate limit (429), ${forged.other} other`,
  );
  expect(forged.other).toBe(0);
  // None carries a view token the web servers signed: each refused (400) or, past the address's
  // allowance (shared-releases' HEALTH_DEFAULTS.reportsPerMinute, written out: Playwright loads
  // workspace packages untransformed), limited (429); none counted.
  expect(forged.accepted).toBe(0);
  expect(forged.invalid).toBeLessThanOrEqual(600 * windowsOpened);
  const state = await world().publicSite();
  expect(state.canary?.status).toBe('running');
  expect(state.canary?.percent).toBe(50);
  expect(state.health.canary?.views).toBeGreaterThanOrEqual(50);
  figure(
    `healthy canary after ${visits.length} visitors: canary ${state.health.canary?.views} views, failure rate ${state.health.canary?.failureRate}; live ${state.health.live.views} views`,
  );
  expect((await world().audit()).some((entry) => entry.action === 'canary-withdraw')).toBe(false);

  const promoted = await world().cli('canary', ['public-site', 'promote']);
  expect(promoted.code).toBe(0);
  await msUntilServed(bucketCookie(9999), releaseManifest('canary-ok'));
});

test('a canary whose routes throw on render withdraws itself; no visitor is served it afterwards', async ({
  browser,
}) => {
  const started = await world().cli('release', [
    'public-site',
    '--canary',
    '10',
    '--version',
    'canary-broken',
    '--from',
    builds.broken,
  ]);
  expect(started.err).toBe('');
  await msUntilServed(bucketCookie(0), releaseManifest('canary-broken'));
  const withdrawal = async () => (await world().audit()).find((entry) => entry.action === 'canary-withdraw');
  // 100 visitors from ONE address: each page load counts by its view token.
  const visits = await traffic(world(), browser, 100, 1000, '10.3.0.1', async () => Boolean(await withdrawal()));
  const decided = await withdrawal();
  expect(decided, 'the broken canary was never withdrawn').toBeDefined();
  const decision = decided!.decision!;
  const canaryLoads = visits
    .flatMap((visit) => visit.pages)
    .filter((page) => page.preloadedManifest === releaseManifest('canary-broken')).length;
  // The decision is the service's part: made in the report that brings the canary to its minimum
  // views. How soon that report comes is the traffic's part (canary visitors per second).
  const minimumReached = momentOfCanaryViews(visits, decision.minCanaryViews);
  const decidedAfterMs = Date.parse(decided!.at) - minimumReached!;
  figure(
    `broken canary withdrawn after ${decision.canary.views} canary page views (failure rate ${decision.canary.failureRate}, live ${decision.live.failureRate}) and ${decision.secondsAfterStart} s (target ≤ 60 s; ${canaryLoads} canary visitors, ${(decision.canary.views / decision.secondsAfterStart).toFixed(2)} canary views/s); decided ${decidedAfterMs} ms after the report that completed ${decision.minCanaryViews} views`,
  );
  expect(decision.canary.views).toBeGreaterThanOrEqual(decision.minCanaryViews);
  expect(decision.canary.views).toBeLessThanOrEqual(200);
  expect(decidedAfterMs).toBeLessThanOrEqual(3_000);

  const propagation = await msUntilServed(bucketCookie(0), releaseManifest('canary-ok'));
  figure(`withdrawal served by both instances ${propagation} ms after the test saw it`);
  let servedCanary = 0;
  for (let bucket = 0; bucket < 1000; bucket += 10) {
    const visit = await httpVisit(INSTANCES[bucket % 2]!, '/articles', bucketCookie(bucket));
    if (visit.preloadedManifest !== releaseManifest('canary-ok')) servedCanary += 1;
  }
  const next = await browserVisit(browser, {
    pages: [{ origin: instanceA, pathname: '/about' }],
    address: '10.4.0.1',
    bucket: 5,
    healthUrl: `${world().api.base}/health`,
  });
  expect(next.pages[0]!.loadedManifest).toBe(releaseManifest('canary-ok'));
  expect(next.pages[0]!.fallback).toBe(false);
  figure(`visitors served the canary after the withdrawal: ${servedCanary} of 100`);
  expect(servedCanary).toBe(0);

  const listed = await world().cli('releases', ['--remote', 'public-site']);
  expect(listed.code).toBe(0);
  expect(listed.out).toContain('canary-broken');
  expect(listed.out).toContain('canary-withdraw');
});

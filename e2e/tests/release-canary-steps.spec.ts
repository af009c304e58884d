// A canary with steps runs to promotion by itself (issue 42 item 4, docs/canary-releases.md
// "Steps"): `npm run release -- public-site --canary 1,10,50 --soak 5s` against the canary world's
// release service (its least soak lowered to 5 s and its step timer to 1 s for the test; the
// sequential test at its defaults), Chromium visitors of the canary and of the live release from
// one address reporting health, and the service moving the canary 1 → 10 → 50 % → promoted, each
// move audited with the figures it was decided on and served to the next share of buckets.
import path from 'node:path';
import type { AuditEntry } from 'shared-releases';
import { expect, test } from '@playwright/test';
import { repoRoot } from 'local-stack/apps.mjs';
import { bucketCookie, browserVisit, openVisitorLane, servedRegistryLine } from '../support/releases/canaryVisitors';
import { canaryWorldOfFile, DEPLOYED_MANIFEST, INSTANCES, releaseManifest } from '../support/releases/canaryWorld';
import { figure } from '../support/figure';
import { msUntilServed } from '../support/releases/canaryTraffic';
import { paced } from '../support/pace';

const SOAK_SECONDS = 5;
const VERSION = 'steps-ok';
const CANARY = releaseManifest(VERSION);
/** Buckets that get the canary from the 10 % step, the 50 % step and the promotion on (and not before). */
const PROBES = { 10: 500, 50: 4_999, 100: 9_999 } as const;
/**
 * Visits made before the test gives up on the promotion: it took 27–34 visits in every run, on a
 * quiet machine (72 s) as on a loaded one (210 s). Bounded by visits, not seconds, as what the
 * service decides on is views: a busy machine makes the visits slower, not fewer (the world's health
 * window outlasts the test's limit, so no view leaves it: canaryWorld.ts).
 */
const MAX_VISITS = 64;

const world = canaryWorldOfFile({
  serviceEnv: { CANARY_MIN_SOAK_SECONDS: String(SOAK_SECONDS), CANARY_STEP_TICK_SECONDS: '1' },
});

/**
 * Per probe bucket (ms since the epoch): when the first round that both instances served the canary
 * was answered, and when the last round that one of them did not was sent. The instances switched
 * between the two: on a busy machine a round's own answers take seconds, so only a round sent late
 * and still answered live shows a late switch.
 */
function watchProbes() {
  const firstServed = new Map<number, number>();
  const lastNotServedSent = new Map<number, number>();
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      for (const bucket of Object.values(PROBES)) {
        if (firstServed.has(bucket)) continue;
        const sentAt = Date.now();
        const lines = await Promise.all(INSTANCES.map((origin) => servedRegistryLine(origin, bucketCookie(bucket))));
        if (lines.every((line) => line === CANARY)) firstServed.set(bucket, Date.now());
        else lastNotServedSent.set(bucket, sentAt);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    firstServed,
    lastNotServedSent,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

test('--canary 1,10,50 --soak 5s: healthy visitor traffic moves it 1 → 10 → 50 % and promotes it by itself, each move audited with its figures', async ({
  browser,
}) => {
  // Only a guard against a hang: MAX_VISITS bounds the traffic (four visits at a time, 17–25 s each).
  test.setTimeout(paced(900_000));
  const startedAt = Date.now();
  // The deployed build copied as the new release: an unchanged canary (the same code under its own
  // manifest URL), which is what "healthy" is for.
  const started = await world().cli('release', [
    'public-site',
    '--canary',
    '1,10,50',
    '--soak',
    `${SOAK_SECONDS}s`,
    '--version',
    VERSION,
    '--from',
    path.join(repoRoot, 'public-site/dist'),
  ]);
  expect(started.err).toBe('');
  expect(started.code).toBe(0);
  expect(started.out).toContain(`ステップ 1 → 10 → 50 % → 昇格 (各 ${SOAK_SECONDS} 秒以上`);
  await msUntilServed(bucketCookie(0), CANARY);
  const probes = watchProbes();

  const lines = async () => (await world().audit()).filter((entry) => entry.version === VERSION).reverse();
  let promoted: AuditEntry | undefined;
  let visitsStarted = 0;
  // Visitors from ONE address, two lanes on the canary (buckets below 1 %) and two on the live
  // release, each visit five pages of public-site (a view token's allowance), until the service promotes it.
  const visits: Array<{ canaryLane: boolean; manifests: (string | null)[]; fallback: boolean; endedAt: number }> = [];
  let visitMs = 0;
  const lanes = [10, 60, 9990, 9995].map(async (bucket, lane) => {
    const visitors = await openVisitorLane(browser, { healthUrl: `${world().api.base}/health`, bucket });
    try {
      for (let n = lane; !promoted && visitsStarted < MAX_VISITS; n += 1) {
        visitsStarted += 1;
        const visitStarted = Date.now();
        const visit = await visitors.visit({
          pages: [{ origin: INSTANCES[n % 2]!, pathname: '/articles' }],
          clicks: ['/about', '/', '/privacy', '/terms'], // five views: a view token's allowance
          address: '10.5.0.1',
          // Not waited for: the page's batch goes 2 s into the visit, the rest as a beacon when the
          // next visit leaves the page (one address for all, so nothing hangs on whose report it is).
          awaitReports: false,
        });
        visitMs += visit.endedAt - visitStarted;
        visits.push({
          canaryLane: bucket < 100,
          manifests: visit.pages.map((page) => page.loadedManifest),
          fallback: visit.pages.some((page) => page.fallback),
          endedAt: visit.endedAt,
        });
      }
    } finally {
      await visitors.close();
    }
  });
  const watcher = (async () => {
    // Until promoted, or until the lanes have made their visits and the service has had a last look.
    let lanesDone = false;
    void Promise.allSettled(lanes).then(() => (lanesDone = true));
    for (let lastLook = false; !promoted && !lastLook;) {
      lastLook = lanesDone;
      promoted = (await lines()).find((entry) => entry.action === 'canary-promote');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  await Promise.all([...lanes, watcher]);
  const promotedAfterMs = Date.now() - startedAt;
  expect(promoted, 'the canary was never promoted').toBeDefined();
  await msUntilServed(bucketCookie(PROBES[100]), CANARY);
  await probes.stop();

  // Every visitor was served a working page; the canary's visitors the canary all along.
  expect(visits.filter((visit) => visit.fallback)).toEqual([]);
  for (const visit of visits.filter((v) => v.canaryLane)) expect(visit.manifests).toEqual([CANARY]);
  for (const visit of visits.filter((v) => !v.canaryLane && v.endedAt < Date.parse(promoted!.at)))
    expect(visit.manifests).toEqual([DEPLOYED_MANIFEST]);

  // The start names the plan; each move is the service's (no actor), on a healthy decision over at
  // least the minimum views of both releases, after its step held at least the soak.
  const audit = await lines();
  expect(audit.map((entry) => [entry.action, entry.canaryPercent, entry.outcome])).toEqual([
    ['canary', 1, 'done'],
    ['canary-percent', 10, 'done'],
    ['canary-percent', 50, 'done'],
    ['canary-promote', 100, 'done'],
  ]);
  expect(audit[0]!.message).toContain('ステップ 1% → 10% → 50% → 昇格');
  const moves = audit.slice(1);
  for (const [index, move] of moves.entries()) {
    const held = (Date.parse(move.at) - Date.parse(audit[index]!.at)) / 1000;
    const decision = move.decision!;
    expect(move.actor).toEqual({ uid: null, email: null });
    expect(decision.outcome).toBe('healthy');
    expect(decision.test?.control).toBe('live');
    expect(decision.canary.views).toBeGreaterThanOrEqual(decision.minCanaryViews);
    expect(decision.live.views).toBeGreaterThanOrEqual(decision.minCanaryViews);
    expect(decision.canary.failureRate).toBe(0);
    // The step's hold as the service measured it (from the step's start, a few ms before its line).
    expect(move.message).toMatch(
      /(\d+) 秒保持し、カナリア失敗率 0% \(\d+ 表示\)、ライブ 0% \(\d+ 表示\)、逐次検定の判定は healthy/,
    );
    expect(Number(/(\d+) 秒保持し/.exec(move.message!)![1])).toBeGreaterThanOrEqual(SOAK_SECONDS);
    figure(
      `${move.action} → ${move.canaryPercent} %: held ${held.toFixed(1)} s, ${decision.secondsAfterStart} s after the start; canary ${decision.canary.views} views, live ${decision.live.views} views, failure rates 0 / ${decision.live.failureRate}; healthy statistic ${decision.test?.healthyStatistic} ≥ ${decision.test?.healthyBoundary}`,
    );
  }

  // What visitors get: a share's buckets are served the canary only once the service moved to it,
  // within 5 s (the web servers' registry refresh, 1 s, and its fetch).
  for (const [share, bucket] of Object.entries(PROBES)) {
    const move = moves.find((entry) => entry.canaryPercent === Number(share))!;
    const movedAt = Date.parse(move.at);
    const served = probes.firstServed.get(bucket);
    expect(served, `bucket ${bucket} never served the canary`).toBeDefined();
    expect(served!).toBeGreaterThan(movedAt);
    const stillLive = (probes.lastNotServedSent.get(bucket) ?? movedAt) - movedAt;
    expect(stillLive).toBeLessThan(5_000);
    figure(
      `bucket ${bucket} served the canary between ${Math.max(0, stillLive)} and ${served! - movedAt} ms after the move to ${share} %`,
    );
  }
  const state = await world().publicSite();
  expect(state.live?.version).toBe(VERSION);
  expect(state.canary ?? null).toBeNull();
  const after = await browserVisit(browser, {
    pages: [{ origin: INSTANCES[1]!, pathname: '/about' }],
    address: '10.5.0.2',
    bucket: 9999,
    healthUrl: `${world().api.base}/health`,
  });
  expect(after.pages[0]!.loadedManifest).toBe(CANARY);
  expect(after.pages[0]!.fallback).toBe(false);
  figure(
    `promoted by itself ${(promotedAfterMs / 1000).toFixed(1)} s after the CLI started it (${visits.length} visits of 5 page views: ${visits.filter((v) => v.canaryLane).length} canary, ${visits.filter((v) => !v.canaryLane).length} live, ${(visitMs / visits.length / 1000).toFixed(1)} s each on average, four at a time)`,
  );

  const listed = await world().cli('releases', ['--remote', 'public-site']);
  expect(listed.code).toBe(0);
  expect(listed.out).toContain('canary-promote');
});

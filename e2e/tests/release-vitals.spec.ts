// Core Web Vitals per release in the browser (docs/canary-releases.md, "Core Web Vitals"): visitors
// in Chromium report LCP with their health, per view token; a canary of public-site whose page
// text paints 1.5 s late is withdrawn on LCP, with its figures, and an unchanged one is not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { VitalDecision } from 'shared-releases';
import { buildInto } from '../support/build';
import { createTeamCheckout, replaceOnce } from '../support/teamCheckout';
import { bucketCookie } from '../support/releases/canaryVisitors';
import { type CanaryWorld, DEPLOYED_MANIFEST, releaseManifest, canaryWorldHook } from '../support/releases/canaryWorld';
import { msUntilServed } from '../support/releases/canaryTraffic';
import { pageLoads } from '../support/releases/vitalsTraffic';
import { paced } from '../support/pace';

test.describe.configure({ mode: 'serial', timeout: paced(300_000) });

const figure = (description: string) => {
  console.log(description);
  test.info().annotations.push({ type: 'figure', description });
};
const lcpOf = (vitals: VitalDecision[] | undefined) => vitals?.find((vital) => vital.metric === 'lcp');
const ms = (value: number | null | undefined) => `${value ?? '—'} ms`;

const worldHook = canaryWorldHook();
let world: CanaryWorld;
const builds = { ok: '', late: '' };

test.beforeAll(async () => {
  test.setTimeout(paced(420_000));
  world = await worldHook.start();
  // Two builds of public-site: an unchanged one, and one whose main area (all of its text) is
  // hidden for its first 1.5 s — the largest text paints 1.5 s later.
  const checkout = createTeamCheckout();
  checkout.edit('public-site/src/routes.tsx', (text) =>
    // Inside PublicRoutes, which the server renders too (server.tsx): the style is in the server's
    // HTML, so the first paint already hides the text (an edit of the browser's entry alone hid it
    // only after hydration, long after it was painted).
    replaceOnce(
      "import { createGlobalStyle } from 'styled-components';\n" +
        'const LateText = createGlobalStyle`@keyframes canary-late { to { visibility: visible; } } main { visibility: hidden; animation: canary-late 0s 1.5s forwards; }`;\n' +
        text,
      'export function PublicRoutes() {\n',
      'export function PublicRoutes() {\n  return (\n    <>\n      <LateText />\n      <TheRoutes />\n    </>\n  );\n}\nfunction TheRoutes() {\n',
    ),
  );
  builds.ok = fs.mkdtempSync(path.join(os.tmpdir(), 'vitals-ok-'));
  builds.late = fs.mkdtempSync(path.join(os.tmpdir(), 'vitals-late-'));
  try {
    await buildInto('public-site', builds.ok, 'vitals-ok');
    await buildInto('public-site', builds.late, 'vitals-late', checkout.dir);
  } finally {
    checkout.remove();
  }
});
test.afterAll(async () => {
  await worldHook.stop();
  for (const folder of Object.values(builds)) if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

async function startCanary(version: string, from: string) {
  const started = await world.cli('release', ['public-site', '--canary', '50', '--version', version, '--from', from]);
  expect(started.err).toBe('');
  expect(started.code).toBe(0);
  await msUntilServed(bucketCookie(0), releaseManifest(version));
}

test('an unchanged canary: LCP measured per release, p75 beside live’s, not withdrawn', async ({ browser }) => {
  // Only a guard against a hang: the visits bound the traffic (each page load takes 7–8 s on a slow
  // 2-core machine with nothing beside it, twice that beside the rest of the suite).
  test.setTimeout(paced(600_000));
  await startCanary('vitals-ok', builds.ok);
  // 14 visits a side, 56 page loads: at least 54 LCP samples (each lane's last page sends none),
  // past the 50 a decision needs.
  const loads = await pageLoads(world, browser, { visitsPerSide: 14, address: '10.7.0.1' });
  const state = await world.publicSite();
  expect(state.canary?.status).toBe('running');
  const lcp = lcpOf(state.health.decision?.vitals);
  expect(lcp?.canary.samples).toBeGreaterThanOrEqual(50);
  expect(lcp?.live.samples).toBeGreaterThanOrEqual(50);
  expect(lcp?.outcome).not.toBe('withdraw');
  figure(
    `unchanged canary after ${loads.canaryLoads} canary and ${loads.liveLoads} live page loads: LCP p75 canary ${ms(lcp?.canary.p75)} (${lcp?.canary.samples} page loads), live ${ms(lcp?.live.p75)} (${lcp?.live.samples}); ${lcp?.outcome}, decision ${state.health.decision?.outcome}`,
  );
  expect((await world.audit()).some((entry) => entry.action === 'canary-withdraw')).toBe(false);
  const aborted = await world.cli('canary', ['public-site', 'abort']);
  expect(aborted.code).toBe(0);
});

test('a canary whose text paints 1.5 s late is withdrawn on LCP, with its figures', async ({ browser }) => {
  // Only a guard against a hang: the 60 visits bound the traffic, and it stops at the withdrawal.
  test.setTimeout(paced(600_000));
  await startCanary('vitals-late', builds.late);
  const withdrawal = async () => (await world.audit()).find((entry) => entry.action === 'canary-withdraw');
  const loads = await pageLoads(world, browser, {
    visitsPerSide: 30,
    address: '10.8.0.1',
    until: async () => Boolean(await withdrawal()),
  });
  const decided = await withdrawal();
  const now = (await world.publicSite()).health.decision;
  expect(decided, `the late canary was never withdrawn: ${JSON.stringify(now?.vitals)}`).toBeDefined();
  const decision = decided!.decision!;
  expect(decision.withdrawnOn).toContain('lcp');
  const lcp = lcpOf(decision.vitals)!;
  expect(lcp.outcome).toBe('withdraw');
  // The figures show the delay. Its 1.5 s run from the style's first use, which comes after the
  // navigation starts, so no canary text paints before 1.5 s: its p75 is at least that, to within the
  // service's 5 % histogram buckets (docs/canary-releases.md). The gap to live's p75 is no fixed
  // amount: the hidden time overlaps the page's own load, and the overlap grows on a busy machine
  // (966 ms in one CI run, live's p75 1,678 ms). What the withdrawal claims is that the canary's p75
  // is above live's p75 + the margin: its threshold.
  expect(lcp.canary.p75!).toBeGreaterThanOrEqual(1500 / 1.05);
  expect(lcp.canary.p75!).toBeGreaterThan(lcp.threshold!);
  figure(
    `late canary withdrawn on LCP after ${lcp.canary.samples} canary page loads with LCP (${decision.canary.views} views) and ${decision.secondsAfterStart} s: LCP p75 canary ${ms(lcp.canary.p75)}, live ${ms(lcp.live.p75)} (${lcp.live.samples}), threshold ${ms(lcp.threshold)}, ${Math.round(lcp.aboveShare! * 100)} % of canary page loads above it; ${loads.canaryLoads} canary page loads made in all`,
  );
  figure(`audit line: ${decided!.message}`);
  // Withdrawn: the canary's visitors are served the live build again.
  await msUntilServed(bucketCookie(0), DEPLOYED_MANIFEST);
});

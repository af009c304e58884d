// Releases from a Cloud Storage bucket (issue 41, docs/releasing.md): public-site published by
// the release CLI to the Firebase Storage emulator (RELEASE_STORE=gcs), the release service's
// RELEASE_PUBLIC_URL on the bucket's path-style URL, and two production web servers that render
// with the build they load from there while Chromium loads the same files from the bucket too.
// A release, a canary at 10 % and a rollback, in the canary world of release-canary.spec.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { startStorageEmulator } from 'local-stack/storageEmulator.mjs';
import { buildInto } from '../support/build';
import { bucketCookie, browserVisit, httpVisit } from '../support/releases/canaryVisitors';
import { msUntilServed } from '../support/releases/canaryTraffic';
import { type CanaryWorld, canaryWorldHook, DEPLOYED_MANIFEST, INSTANCES } from '../support/releases/canaryWorld';
import { figure } from '../support/figure';
import { paced } from '../support/pace';

test.describe.configure({ mode: 'serial', timeout: paced(180_000) });

const BUCKET = 'demo-ai-manabi-releases';
const BUILD = 'bucket-build';
/** Visitors' buckets (of shared-releases' 10,000): one inside a 10 % canary, one outside it. */
const CANARY = 0;
const LIVE = 5_000;
const [instanceA, instanceB] = INSTANCES as [string, string];
let emulator: Awaited<ReturnType<typeof startStorageEmulator>>;
const worldHook = canaryWorldHook();
let world: CanaryWorld;
let build = '';
let visitors = 0;

test.beforeAll(async () => {
  test.setTimeout(paced(300_000));
  emulator = await startStorageEmulator();
  world = await worldHook.start({ bucket: { emulatorUrl: emulator.url, bucket: BUCKET } });
  build = fs.mkdtempSync(path.join(os.tmpdir(), 'bucket-build-'));
  await buildInto('public-site', build, BUILD);
});
test.afterAll(async () => {
  await worldHook.stop();
  await emulator?.stop();
  if (build) fs.rmSync(build, { recursive: true, force: true });
});

/** What a browser got on `origin`'s /articles: the release rendered, preloaded and loaded, and whether it broke. */
async function inChromium(browser: Browser, origin: string, bucket: number) {
  const visit = await browserVisit(browser, {
    pages: [{ origin, pathname: '/articles' }],
    address: `203.0.113.${++visitors}`,
    healthUrl: `${world.api.base}/health`,
    bucket,
  });
  return visit.pages[0]!;
}

test('a release is published to the bucket and served from it to the server renderer and to Chromium', async ({
  browser,
}) => {
  const started = Date.now();
  const released = await world.cli('release', ['public-site', '--version', 'b1', '--from', build]);
  expect(released.err).toBe('');
  expect(released.code).toBe(0);
  expect(released.out).toContain(world.manifestOf('b1'));
  figure(`release of public-site to the Storage emulator through the CLI: ${Date.now() - started} ms`);
  await msUntilServed(bucketCookie(LIVE), world.manifestOf('b1'));

  // Anyone may read it, as a browser would, with the headers a browser needs.
  const manifest = await fetch(world.manifestOf('b1'), { headers: { Origin: instanceA } });
  expect(manifest.status).toBe(200);
  expect(manifest.headers.get('access-control-allow-origin')).toBe(instanceA);
  expect(manifest.headers.get('cache-control')).toBe('no-cache');

  for (const origin of INSTANCES) {
    const visit = await httpVisit(origin, '/articles', bucketCookie(LIVE));
    expect(visit.preloadedManifest).toBe(world.manifestOf('b1'));
    expect(visit.renderedBuild).toBe(BUILD); // the server rendered with the bucket's server build
  }
  const page = await inChromium(browser, instanceB, LIVE);
  expect(page).toMatchObject({ renderedBuild: BUILD, loadedManifest: world.manifestOf('b1'), fallback: false });
});

test('a canary at 10 % from the bucket: its share of new visitors get it, rendered and loaded from there', async ({
  browser,
}) => {
  const started = await world.cli('release', ['public-site', '--canary', '10', '--version', 'b2', '--from', build]);
  expect(started.err).toBe('');
  expect(started.code).toBe(0);
  await msUntilServed(bucketCookie(CANARY), world.manifestOf('b2'));

  let canary = 0;
  for (let n = 0; n < 400; n += 20) {
    const visits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => httpVisit(INSTANCES[(n + i) % 2]!, '/articles')),
    );
    for (const visit of visits) {
      expect([world.manifestOf('b1'), world.manifestOf('b2')]).toContain(visit.preloadedManifest);
      expect(visit.renderedBuild).toBe(BUILD);
      if (visit.preloadedManifest === world.manifestOf('b2')) canary += 1;
    }
  }
  figure(`canary share from the bucket over 400 new visitors at 10 %: ${(canary / 4).toFixed(1)} %`);
  expect(canary).toBeGreaterThanOrEqual(20); // 10 % of 400 is 40; ±5 standard deviations
  expect(canary).toBeLessThanOrEqual(70);

  const inCanary = await inChromium(browser, instanceA, CANARY);
  expect(inCanary).toMatchObject({ loadedManifest: world.manifestOf('b2'), fallback: false });
  const live = await inChromium(browser, instanceA, LIVE);
  expect(live).toMatchObject({ loadedManifest: world.manifestOf('b1'), fallback: false });
});

test('promoted, then rolled back: every visitor is served the previous release from the bucket again', async ({
  browser,
}) => {
  const promoted = await world.cli('canary', ['public-site', 'promote']);
  expect(promoted.code).toBe(0);
  await msUntilServed(bucketCookie(LIVE), world.manifestOf('b2'));

  const rolledBack = await world.cli('release', ['public-site', '--rollback']);
  expect(rolledBack.err).toBe('');
  expect(rolledBack.code).toBe(0);
  figure(
    `rollback served by both instances after ${await msUntilServed(bucketCookie(LIVE), world.manifestOf('b1'))} ms`,
  );
  for (const bucket of [CANARY, LIVE]) {
    const visit = await httpVisit(instanceA, '/articles', bucketCookie(bucket));
    expect(visit).toMatchObject({ preloadedManifest: world.manifestOf('b1'), renderedBuild: BUILD });
  }
  const page = await inChromium(browser, instanceB, CANARY);
  expect(page).toMatchObject({ loadedManifest: world.manifestOf('b1'), fallback: false });
  expect(page.loadedManifest).not.toBe(DEPLOYED_MANIFEST);
  // Both versions stay in the bucket: a rollback moves the registry's line, not the files.
  expect((await fetch(world.manifestOf('b2'))).status).toBe(200);
});

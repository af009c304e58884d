// The canary chart on the リリース page (issue 42, docs/canary-releases.md "Charts"): a canary of
// admin-console released through the CLI, health reports counted for it and the live release, a
// share change by the CLI; the page draws both in light and dark at 1280 and 375 px with no serious
// axe issue, inside its card, and the chart's chunk is fetched by that page only. Ports 4195–4197
// are this file's alone.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { repoRoot } from 'local-stack/apps.mjs';
import type * as ViewTokenModule from 'shared-releases/view-token';
import { runtimeConfig, webAppServer } from 'local-stack/stack.mjs';
import { adminUser, signInAs } from '../support/auth';
import { animationsDone, expectNoSeriousA11yIssues } from '../support/axe';
import { startPrivateReleaseService, type PrivateApi } from '../support/privateApi';
import { appByWorkspace, type ServerHandle } from '../support/servers';
import { paced } from '../support/pace';

type ViewTokens = typeof ViewTokenModule;
// Required: the workspace is CommonJS TypeScript, whose named exports an ES import does not see here.
const { viewTokenFor } = createRequire(import.meta.url)('shared-releases/view-token') as ViewTokens;

const PORTS = { api: 4195, shell: 4196, adminConsole: 4197 } as const;
const SHELL = `http://localhost:${PORTS.shell}`;
const STORE_URL = `http://localhost:${PORTS.adminConsole}/releases`;
const ADMIN_DIST = path.join(repoRoot, 'admin-console', 'dist');
/** The lazy chunk of uPlot and the chart (admin-console/src/features/releases/components/chart). */
const CHART_CHUNK = /\/canary-chart\.[0-9a-f]+\.js$/;

test.describe.configure({ mode: 'serial', timeout: paced(90_000) });

let storeDir: string;
let api: PrivateApi;
let servers: ServerHandle[] = [];

/** `node scripts/<script>.mjs admin-console …` as the admin team runs it. */
function cli(script: 'release' | 'canary', args: string[]): Promise<{ code: number; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'scripts', `${script}.mjs`), 'admin-console', ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, RELEASE_API_URL: api.base, RELEASE_STORE_DIR: storeDir, RELEASE_EMAIL: adminUser.email },
      },
      (error, _out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, err }),
    );
  });
}

/** A page load's report of `views` views of a release of admin-console, `failures` of them crashed. */
async function report(version: string, views: number, failures: number) {
  const manifest = `${STORE_URL}/${version}/mf-manifest.json`;
  const entries = [
    { remote: 'admin_console', manifest, views, loadFailures: 0, renderCrashes: failures, hydrationErrors: 0 },
  ];
  const response = await fetch(`${api.base}/health`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ environment: 'production', token: viewTokenFor(entries), entries }),
  });
  expect(response.status).toBe(202);
}

/** admin-console's production card (its width is the page's column) and its canary panel. */
const productionCard = (page: Page) =>
  page.getByRole('region', { name: /^admin-console / }).getByRole('region', { name: '本番 (production)' });
const canaryPanel = (page: Page) =>
  productionCard(page).getByRole('region', { name: 'カナリア（admin-console・本番）' });

/** Whether `inner` lies within the left and right edges of `outer` (1 px for rounding). */
async function insideHorizontally(inner: Locator, outer: Locator) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  return a!.x >= b!.x - 1 && a!.x + a!.width <= b!.x + b!.width + 1;
}

test.beforeAll(async () => {
  test.setTimeout(paced(120_000));
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-chart-store-'));
  api = await startPrivateReleaseService(PORTS.api, {
    RELEASE_PUBLIC_URL: STORE_URL,
    RELEASE_SHELL_MANIFEST: `${SHELL}/mf-manifest.json`,
    CORS_ORIGINS: SHELL,
  });
  servers = [
    webAppServer(appByWorkspace('admin-console'), { port: PORTS.adminConsole, storeDir }),
    webAppServer(appByWorkspace('shell'), {
      port: PORTS.shell,
      config: { ...runtimeConfig(), releaseServiceUrl: api.base },
      remotes: {
        public_site: 'http://localhost:3002/mf-manifest.json',
        business_portal: 'http://localhost:3003/mf-manifest.json',
        admin_console: `http://localhost:${PORTS.adminConsole}/mf-manifest.json`,
      },
      registryUrl: `${api.base}/registry/production`,
      serverRendering: false,
      renderThreads: 0,
    }),
  ];
  for (const server of servers) await server.listen();
  for (const [script, args] of [
    ['release', ['--version', 'chart-1', '--from', ADMIN_DIST]],
    ['release', ['--version', 'chart-2', '--from', ADMIN_DIST, '--canary', '10']],
  ] as const) {
    const answer = await cli(script, [...args]);
    expect(answer.err).toBe('');
    expect(answer.code).toBe(0);
  }
  for (let i = 0; i < 6; i += 1) await report('chart-1', 5, i === 0 ? 1 : 0);
  for (let i = 0; i < 3; i += 1) await report('chart-2', 5, 1);
  expect((await cli('canary', ['50'])).code).toBe(0);
  await report('chart-2', 4, 0);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await api?.stop();
  if (storeDir) fs.rmSync(storeDir, { recursive: true, force: true });
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`the chart in the ${theme} theme at ${width} px: drawn in its card, its table, no serious axe issue`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
      const chunks: string[] = [];
      page.on('request', (request) => {
        if (CHART_CHUNK.test(new URL(request.url()).pathname)) chunks.push(request.url());
      });
      await signInAs(page, adminUser, { origin: SHELL });
      expect(chunks).toEqual([]); // signing in (a public page) fetched no chart

      await page.goto(`${SHELL}/admin/releases`);
      const panel = canaryPanel(page);
      const views = panel.getByRole('img', { name: '表示回数の推移のグラフ（数値は下の表）' });
      await expect(views.locator('canvas').first()).toBeVisible({ timeout: paced(20_000) });
      await expect(panel.getByRole('img', { name: '失敗率の推移のグラフ（数値は下の表）' })).toBeVisible();
      expect(chunks).toHaveLength(1);

      // Inside the card, at 375 px too: the charts, the panel, and (below) the table's frame.
      const card = productionCard(page);
      expect(await insideHorizontally(views, card)).toBe(true);
      expect(await insideHorizontally(panel, card)).toBe(true);

      await panel.getByText('推移を表で見る').click();
      const table = panel.getByRole('table', { name: /分ごとの数値/ });
      await expect(table).toBeVisible();
      await expect(panel.getByText(/カナリア chart-2（実行中）と現行 chart-1 の推移/)).toBeVisible();
      await expect(table).toContainText('開始 10%');
      await expect(table).toContainText('50%');
      expect(await insideHorizontally(panel.getByRole('region', { name: 'カナリア chart-2 の推移の表' }), card)).toBe(
        true,
      );

      await panel.scrollIntoViewIfNeeded();
      await animationsDone(page);
      await page.screenshot({ path: test.info().outputPath(`chart-${theme}-${width}.png`), fullPage: false });
      await expectNoSeriousA11yIssues(page);
    });
  }
}

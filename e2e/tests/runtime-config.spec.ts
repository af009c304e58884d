import type { AddressInfo } from 'node:net';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { type runtimeConfig, webAppServer } from 'local-stack/stack.mjs';
import { host } from 'local-stack/apps.mjs';
import { chromiumPath } from '../support/chromium';

/**
 * The runtime config and the article contract in a real browser: a deployed page refuses a broken
 * /app-config.json loudly instead of calling localhost, and the public pages validate what the
 * API answers (zod, without tripping the Content-Security-Policy).
 */

/** A hostname that is not local development; Chromium resolves it to this machine. */
const DEPLOYED = 'ai-manabi.test';
const emulatorAuth = { mode: 'emulator', projectId: 'demo-ai-manabi', emulatorPort: 9099 };

let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', `--host-resolver-rules=MAP ${DEPLOYED} 127.0.0.1`],
  });
});
test.afterAll(() => browser.close());

/**
 * The shell's production build served on a free port with `config` as its /app-config.json (as
 * written by hand at deploy time, so possibly incomplete), rendered in the browser only.
 */
async function deployedShell(config: object) {
  if (!host) throw new Error('shared-deployables names no host');
  const server = webAppServer(host, {
    port: 0,
    config: config as ReturnType<typeof runtimeConfig>,
    serverRendering: false,
  });
  const listening = (await server.listen()) as { address(): AddressInfo };
  return { url: `http://${DEPLOYED}:${listening.address().port}/`, close: () => server.close() };
}

/** This machine is offline: article images on other hosts do not resolve, which is not the page's fault. */
const OFFLINE_IMAGE = 'Failed to load resource: net::ERR_NAME_NOT_RESOLVED';

/** Everything the page reports that a visitor would never see: console errors, page errors, CSP violations. */
async function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text() !== OFFLINE_IMAGE) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  return problems;
}

test.describe('on a deployed hostname', () => {
  test('a config without the API URL stops the shell with the crash page and says why', async () => {
    const shell = await deployedShell({ auth: emulatorAuth });
    const page = await browser.newPage();
    const problems = await watch(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    try {
      await page.goto(shell.url);
      await expect(page.getByRole('alert')).toContainText('ページを表示できませんでした。再読み込みしてください。');
      await expect(page.getByRole('button', { name: '再読み込み' })).toBeVisible();
      expect(problems.join('\n')).toContain(
        'アプリ設定（app-config.json）が正しくありません: apiBaseUrl: API の URL（http(s)://… または /…）を指定してください',
      );
      // Nothing went to a local default behind the visitor's back.
      expect(requested.filter((url) => /localhost:3001|127\.0\.0\.1:3001|:9099/.test(url))).toEqual([]);
    } finally {
      await page.close();
      await shell.close();
    }
  });

  test('a complete config starts it', async () => {
    const shell = await deployedShell({ apiBaseUrl: 'http://localhost:3001/api', auth: emulatorAuth });
    const page = await browser.newPage();
    try {
      await page.goto(`${shell.url}about`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('私たちについて');
      await expect(page.getByRole('banner')).toBeVisible();
    } finally {
      await page.close();
      await shell.close();
    }
  });
});

test('public pages check the API answers against the contract without a CSP violation or an error', async ({
  page,
}) => {
  const problems = await watch(page);
  for (const path of ['/', '/articles']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  await page.getByRole('main').locator('a[href^="/articles/"]').first().click();
  await expect(page).toHaveURL(/\/articles\/[^/]+$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(problems).toEqual([]);
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from '../support/axe';
import { buildInto } from '../support/build';
import { loadedSharedCopies, remoteBuildVersion } from '../support/federation';
import { hydratedNode, interactive } from '../support/hydration';
import { privateServerFor, startPrivateWebApps, type ServerHandle } from '../support/servers';
import { paced } from '../support/pace';

const yearInJapan = () =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(new Date()));

test.describe('shell and remotes', () => {
  test('header, footer and the public remote render; deep links survive a reload', async ({ page }) => {
    // The footer's year is Japan's, which turns at 15:00 UTC on 31 December: read before and after.
    const yearsShown = [yearInJapan()];
    await page.goto('/about');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('私たちについて');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('私たちについて');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    yearsShown.push(yearInJapan());
    await expect(page.getByRole('contentinfo')).toContainText(new RegExp(`© (${yearsShown.join('|')}) `));
  });

  test('loads React, react-dom, the router and styled-components exactly once', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => warnings.push(message.text()));
    await page.goto('/articles');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The heading is the server's; the libraries are there once the page has hydrated.
    await hydratedNode(page, 'main h1');
    const copies = await loadedSharedCopies(page, [
      'react',
      'react-dom',
      'react-router-dom',
      'styled-components',
      'shared-ui',
    ]);
    for (const [name, providers] of Object.entries(copies)) {
      expect(providers, `${name} copies`).toHaveLength(1);
    }
    expect(warnings.filter((w) => /several instances of 'styled-components'|Invalid hook call/.test(w))).toEqual([]);
  });

  test('a visitor on / never contacts the business or admin remote', async ({ page }) => {
    const contacted: string[] = [];
    page.on('request', (request) => contacted.push(new URL(request.url()).port));
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    // The scripts start after the first paint: on a busy machine the network can be idle for
    // 500 ms before they do. The home page is public-site's, hydrated once its remote has loaded.
    await hydratedNode(page, 'main h1');
    await page.waitForLoadState('networkidle');
    expect(contacted).toContain('3002');
    expect(contacted).not.toContain('3003');
    expect(contacted).not.toContain('3004');
  });

  test('the theme toggle switches palettes and survives a reload', async ({ page }) => {
    await page.goto('/');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect.poll(background).toBe('rgb(245, 245, 247)');
    await interactive(page);
    await page.getByRole('button', { name: 'テーマを切り替える' }).click();
    await expect.poll(background).toBe('rgb(28, 28, 30)');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect.poll(background).toBe('rgb(28, 28, 30)');
  });

  test('an unknown path shows the 404 page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
    await expect(page.getByText('お探しのページは存在しないか、移動された可能性があります。')).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('link', { name: 'ホームに戻る' }).click();
    await expect(page).toHaveURL('http://localhost:3000/');
  });

  test('the shell layout and 404 pass an accessibility check', async ({ page }) => {
    for (const route of ['/', '/not-found']) {
      await page.goto(route);
      await expect(page.getByRole('banner')).toBeVisible();
      await expectNoSeriousA11yIssues(page);
    }
  });
});

test.describe('remote faults and independent deploys (private servers on :4000–4004)', () => {
  let servers: Record<string, ServerHandle>;
  test.beforeAll(async () => {
    servers = await startPrivateWebApps();
  });
  test.afterAll(async () => {
    await Promise.all(Object.values(servers).map((s) => s.close()));
  });

  test('a stopped remote shows its fallback inside the layout; 再読み込み recovers without a page reload', async ({
    page,
  }) => {
    await servers['public-site']!.close();
    await page.goto('http://localhost:4000/about');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const retry = page.getByRole('button', { name: '再読み込み' });
    await expect(retry).toBeVisible({ timeout: paced(20_000) });

    servers['public-site'] = privateServerFor('public-site');
    await servers['public-site'].listen();
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await retry.click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('私たちについて');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('a redeployed remote is picked up by the next page load; the shell is untouched', async ({ page }) => {
    // A production build of public-site inside: beside the other lanes' builds (release-canary
    // makes two) and Jest on two cores it has taken over 100 s.
    test.setTimeout(paced(240_000));
    await page.goto('http://localhost:4000/about');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('私たちについて');
    // The heading is served HTML: the remote's build is known once the page has hydrated.
    await interactive(page);
    const shellBefore = await (await page.request.get('http://localhost:4000/main.js')).body();
    const versionBefore = await remoteBuildVersion(page, 'public_site');

    const marker = `redeploy-${Date.now()}`;
    const newDist = fs.mkdtempSync(path.join(os.tmpdir(), 'public-site-redeploy-'));
    await buildInto('public-site', newDist, marker);
    await servers['public-site']!.close();
    servers['public-site'] = privateServerFor('public-site', newDist);
    await servers['public-site'].listen();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('私たちについて');
    await interactive(page);
    expect(versionBefore).not.toBe(marker);
    expect(await remoteBuildVersion(page, 'public_site')).toBe(marker);
    const shellAfter = await (await page.request.get('http://localhost:4000/main.js')).body();
    expect(shellAfter.equals(shellBefore)).toBe(true);
    fs.rmSync(newDist, { recursive: true, force: true });
  });
});

test.describe('content security policy', () => {
  test('the shell allows scripts only from itself, the registry remotes, Google sign-in and its starter', async ({
    page,
  }) => {
    const response = await page.goto('/articles');
    const csp = response!.headers()['content-security-policy']!;
    const scriptSrc = csp
      .split('; ')
      .find((d) => d.startsWith('script-src '))!
      .split(' ')
      .slice(1);
    // The one inline script, the rendered page's starter (after-paint.js), by the hash of its text.
    const starter = /<script>([\s\S]*?)<\/script><\/body>/.exec(await response!.text())?.[1] ?? '';
    expect(starter).toContain('after-paint');
    const starterHash = `'sha256-${crypto.createHash('sha256').update(starter).digest('base64')}'`;
    expect(scriptSrc.sort()).toEqual(
      [
        "'self'",
        'http://localhost:3002',
        'http://localhost:3003',
        'http://localhost:3004',
        'https://apis.google.com',
        starterHash,
      ].sort(),
    );
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/style-src 'self' [^;]*'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });

  test('pages render under the policy without a single violation', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __cspViolations: string[] }).__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { __cspViolations: string[] }).__cspViolations.push(
          `${event.violatedDirective} ${event.blockedURI}`,
        ),
      );
    });
    for (const route of ['/', '/articles', '/about', '/business/login', '/not-found']) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
        route,
      ).toEqual([]);
    }
    // styled-components' rules made it in: the header is styled (fixed), not raw markup.
    expect(await page.getByRole('banner').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  });
});

/**
 * Firebase Hosting: the production builds served through the Hosting emulator with the
 * firebase.json configuration (scripts/hosting): the same cache, CORS and security headers as the
 * local server, the SPA rewrites, /api/** handed to the container service, and the shell loading
 * a remote in Chromium through it under the static CSP.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from 'local-stack/apps.mjs';
import { DEFAULT_DEPLOYMENT, hostingConfig } from 'local-stack/hosting.mjs';
import { type HostingEmulator, startHostingEmulator } from '../support/hostingEmulator';
import { paced } from '../support/pace';

const IMMUTABLE = 'public, max-age=31536000, immutable';

test('firebase.json has the hosting section scripts/hosting writes, beside the unchanged emulators', () => {
  const firebaseJson = JSON.parse(fs.readFileSync(path.join(repoRoot, 'firebase.json'), 'utf8'));
  expect(firebaseJson.hosting).toEqual(hostingConfig(DEFAULT_DEPLOYMENT));
  expect(firebaseJson.hosting.map((site: { target: string }) => site.target).sort()).toEqual(
    ['admin-console', 'business-portal', 'public-site', 'shell'].sort(),
  );
  expect(firebaseJson.emulators).toEqual({
    auth: { port: 9099, host: '127.0.0.1' },
    storage: { port: 9199, host: '127.0.0.1' },
    ui: { enabled: false },
    singleProjectMode: true,
  });
});

test('with server-rendered pages the shell sends every page to its server, which sets the CSP', () => {
  const [shell] = hostingConfig(DEFAULT_DEPLOYMENT, { shellPages: 'server' }).filter((site) => site.target === 'shell');
  expect(shell?.rewrites).toEqual([
    { source: '/api/**', run: DEFAULT_DEPLOYMENT.api },
    { source: '**', run: { serviceId: 'shell', region: 'asia-northeast1' } },
  ]);
  expect(shell?.ignore).toContain('index.html'); // `/` must reach the server too
  const headerKeys = shell?.headers.flatMap((rule) => rule.headers.map((h) => h.key));
  expect(headerKeys).not.toContain('Content-Security-Policy');
  expect(headerKeys).toContain('Cache-Control');
});

test.describe('through the Hosting emulator', () => {
  test.describe.configure({ mode: 'serial', timeout: paced(120_000) });
  let hosting: HostingEmulator;
  test.beforeAll(async () => {
    test.setTimeout(paced(150_000));
    hosting = await startHostingEmulator();
  });
  test.afterAll(async () => {
    await hosting?.stop();
  });

  /** The CSP firebase.json gives a site's pages. */
  const pageCsp = (workspace: string) =>
    hosting.hosting
      .find((site) => site.target === workspace)!
      .headers.flatMap((rule) => rule.headers)
      .filter((header) => header.key === 'Content-Security-Policy')
      .map((header) => header.value)[0];
  const hashedFileIn = (workspace: string, extension: string) =>
    fs
      .readdirSync(path.join(repoRoot, workspace, 'dist'))
      .find((file) => new RegExp(`\\.[0-9a-f]{10}\\.${extension}$`).test(file))!;

  test('the shell: pages no-cache with the CSP, runtime files no-cache, hashed files a year', async () => {
    const shell = hosting.origins.shell;
    for (const page of ['/', '/articles/what-is-generative-ai', '/index.html']) {
      const response = await fetch(`${shell}${page}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toBe(pageCsp('shell'));
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(await response.text()).toContain('<div id=root>');
    }
    expect(pageCsp('shell')).toContain("script-src 'self' http://127.0.0.1:");
    expect(pageCsp('shell')).not.toMatch(/script-src[^;]*'unsafe-inline'/);

    const registry = await fetch(`${shell}/mf-remotes.json`);
    expect(registry.headers.get('cache-control')).toBe('no-cache');
    expect(await registry.json()).toEqual({
      public_site: `${hosting.origins['public-site']}/mf-manifest.json`,
      business_portal: `${hosting.origins['business-portal']}/mf-manifest.json`,
      admin_console: `${hosting.origins['admin-console']}/mf-manifest.json`,
    });
    const config = await fetch(`${shell}/app-config.json`);
    expect(config.headers.get('cache-control')).toBe('no-cache');
    expect(await config.json()).toMatchObject({ apiBaseUrl: `${shell}/api` });

    const entry = await fetch(`${shell}/main.js`);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('x-content-type-options')).toBe('nosniff');
    const hashed = await fetch(`${shell}/${hashedFileIn('shell', 'js')}`);
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(hashed.headers.get('access-control-allow-origin')).toBeNull(); // the shell grants no CORS
  });

  test('a remote: manifest and entry no-cache with CORS, hashed chunks a year with CORS', async () => {
    const remote = hosting.origins['public-site'];
    const manifest = await fetch(`${remote}/mf-manifest.json`, { headers: { origin: hosting.origins.shell } });
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(await manifest.json()).toMatchObject({ name: 'public_site' });

    const entry = await fetch(`${remote}/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');

    const chunk = await fetch(`${remote}/${hashedFileIn('public-site', 'js')}`);
    expect(chunk.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(chunk.headers.get('access-control-allow-origin')).toBe('*');

    const page = await fetch(`${remote}/some/deep/link`);
    expect(page.headers.get('content-security-policy')).toBe(pageCsp('public-site'));
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  test('/api/** goes to the article API service, not to the page', async () => {
    // The emulator cannot reach Cloud Run from here: it answers with the failed lookup of the service.
    const response = await fetch(`${hosting.origins.shell}/api/articles`);
    const body = await response.text();
    expect(body).not.toContain('<div id=root>');
    expect(body).toContain('Cloud Run');
  });

  test('Chromium loads the shell and the public remote through Hosting under its CSP', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
    });
    const remoteFiles: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(hosting.origins['public-site'])) remoteFiles.push(new URL(response.url()).pathname);
    });
    await page.goto(`${hosting.origins.shell}/about`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('私たちについて');
    await expect(page.getByRole('banner')).toBeVisible();
    expect(remoteFiles).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
    expect(violations).toEqual([]);
  });
});

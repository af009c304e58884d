import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { webAppServer } from 'local-stack/stack.mjs';
import { distDir } from 'local-stack/apps.mjs';
import { buildInto } from '../support/build';
import { appByWorkspace, privatePort, type ServerHandle } from '../support/servers';
import { serverRenderedAnswer } from '../support/serverRendering';
import { paced } from '../support/pace';

/**
 * Server rendering's failures and redeploys: a public-site release whose server build is missing,
 * broken or throws is still a 200 with the client-rendered page, and a redeployed public-site is
 * rendered without restarting the shell. Private ports (:4000, :4002 and up), not the shared stack.
 */
/** A shell server and a public-site server on private ports, with a registry the test can edit. */
test.describe('failures and redeploys', () => {
  const shellPort = privatePort(3000);
  const publicPort = privatePort(3002);
  const origin = `http://localhost:${shellPort}`;
  const registry: Record<string, string> = {};
  const servers: ServerHandle[] = [];
  const folders: string[] = [];

  const servePublicSite = async (root: string, port: number) => {
    const server = webAppServer(appByWorkspace('public-site'), { port, root });
    await server.listen();
    servers.push(server);
    registry.public_site = `http://localhost:${port}/mf-manifest.json`;
  };
  const copyOfPublicSite = () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'public-site-ssr-'));
    fs.cpSync(distDir('public-site'), folder, { recursive: true });
    folders.push(folder);
    return folder;
  };

  test.beforeAll(async () => {
    const shell = webAppServer(appByWorkspace('shell'), { port: shellPort, registry });
    await shell.listen();
    servers.push(shell);
  });
  test.afterAll(async () => {
    for (const server of servers) await server.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });
  test.afterEach(async () => {
    while (servers.length > 1) await servers.pop()!.close();
  });

  const expectClientRenderedArticles = async (page: Page, request: APIRequestContext) => {
    const response = await request.get(`${origin}/articles`);
    expect(response.status()).toBe(200);
    expect(response.headers()['x-render']).toBe('client');
    await page.goto(`${origin}/articles`);
    await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
  };

  test('a public-site release without a server build: 200 and the client-rendered page', async ({ page, request }) => {
    const folder = copyOfPublicSite();
    fs.rmSync(path.join(folder, 'server'), { recursive: true });
    await servePublicSite(folder, publicPort);
    await expectClientRenderedArticles(page, request);
  });

  test('a broken server bundle: 200 and the client-rendered page', async ({ page, request }) => {
    const folder = copyOfPublicSite();
    fs.writeFileSync(path.join(folder, 'server', 'remoteEntry.js'), 'module.exports = {;');
    await servePublicSite(folder, publicPort + 10);
    await expectClientRenderedArticles(page, request);
  });

  test('a server bundle that throws while rendering: 200 and the client-rendered page', async ({ page, request }) => {
    const folder = copyOfPublicSite();
    const serverDir = path.join(folder, 'server');
    // The articles page throws whenever it renders.
    const broken = fs.readdirSync(serverDir).filter((name) => {
      const file = path.join(serverDir, name);
      const source = fs.readFileSync(file, 'utf8');
      if (!source.includes('function ArticlesPage() {')) return false;
      fs.writeFileSync(
        file,
        source.replace('function ArticlesPage() {', 'function ArticlesPage() { throw new Error("render failure");'),
      );
      return true;
    });
    expect(broken.length).toBeGreaterThan(0);
    await servePublicSite(folder, publicPort + 20);
    await expectClientRenderedArticles(page, request);
  });

  test('a redeployed public-site (new folder + registry line) is rendered without restarting the shell', async ({
    request,
  }) => {
    test.setTimeout(paced(180_000));
    // A release URL of its own: a URL that failed moments ago is not retried for 5 s (by design).
    await servePublicSite(distDir('public-site'), publicPort + 40);
    const before = await serverRenderedAnswer(request, `${origin}/articles`);
    expect(before.headers()['x-render']).toMatch(/^server;.*public_site=/);
    const marker = `ssr-redeploy-${Date.now()}`;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'public-site-release-'));
    folders.push(folder);
    await buildInto('public-site', folder, marker);
    await servePublicSite(folder, publicPort + 30);
    const after = await serverRenderedAnswer(request, `${origin}/articles`);
    expect(after.status()).toBe(200);
    expect(after.headers()['x-render']).toContain(`public_site=${marker}`);
    expect(await after.text()).toContain('件の記事');
  });
});

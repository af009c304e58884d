import { expect, test } from '@playwright/test';
import { webAppServer } from 'local-stack/stack.mjs';
import { interactive } from '../support/hydration';
import { appByWorkspace, type ServerHandle } from '../support/servers';
import { createArticle, type CreatedArticle } from '../support/reliabilityApi';
import type { PrivateApi } from '../support/privateApi';
import {
  articleBody,
  clean,
  injectUnsanitised,
  inTabsSideBySide,
  NOTHING,
  PAYLOAD_TABS,
  storePayloads,
  watchForXss,
} from '../support/xss';
import { XSS_PAYLOADS } from '../support/xssPayloads';
import { paced } from '../support/pace';

/**
 * Stored XSS, on the public article pages: every cheat-sheet payload is stored as article content
 * through the API (admin) and rendered by the shell's server and in Chromium, and the payloads run
 * nowhere; YouTube embeds survive. The admin console's preview is reliability-xss-admin.spec.ts,
 * the browser's sanitiser alone reliability-xss-browser.spec.ts. The last test here shows the
 * Content-Security-Policy blocking on its own.
 */
/**
 * The shell's Content-Security-Policy already refuses inline handlers and `javascript:` URLs, which
 * would hide a sanitiser that lets them through: these tests bypass it, so what they count is what
 * the sanitisers alone stop.
 */
test.use({ bypassCSP: true });

/**
 * Public article pages are rendered by the shell's server, which must read the private API the
 * payloads are stored in: a shell server of its own on this port (the browser's API calls are
 * routed to the private API as before).
 */
const SSR_SHELL = 'http://localhost:4150';
let ssrShell: ServerHandle;
let api: PrivateApi;
let token: string;
let run: string;
let stored: Map<number, CreatedArticle>;

test.beforeAll(async () => {
  ({ api, token, run, stored } = await storePayloads(4151));
  ssrShell = webAppServer(appByWorkspace('shell'), { port: 4150, serverApiUrl: api.base });
  await ssrShell.listen();
});

test.afterAll(async () => {
  await ssrShell?.close();
  await api?.stop();
});

test('the detector itself: an unsanitised payload put into a page is caught (control)', async ({ page }) => {
  const collect = await watchForXss(page, api);
  const findings = await collect(await injectUnsanitised(page), 'http://localhost:3000/about');
  expect(findings.hits).toContain('0');
  expect(findings.dialogs).toEqual(['alert: 2']);
  expect(findings.leftovers).toEqual(
    expect.arrayContaining(['img[onerror]', 'a[href="javascript:__xssHit(1)"]', 'p[onmouseover]']),
  );
});

test(`${XSS_PAYLOADS.length} payloads stored through the API run nowhere on their article pages`, async ({ page }) => {
  test.setTimeout(paced(300_000));
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  const failures: string[] = [];
  let changedByServer = 0;
  await inTabsSideBySide(page, PAYLOAD_TABS, XSS_PAYLOADS, async (tab) => {
    const collect = await watchForXss(tab, api);
    return async (payload) => {
      const article = stored.get(payload.id)!;
      if (!article.content.includes(payload.html)) changedByServer += 1;
      const url = `${SSR_SHELL}/articles/${article.slug}`;
      await tab.goto(url);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(article.title);
      await expect(tab).toHaveTitle(`${article.title} | AIまなび`);
      const findings = await collect(articleBody(tab, payload), url);
      if (!clean(findings)) failures.push(`#${payload.id} ${payload.name}: ${JSON.stringify(findings)}`);
    };
  });
  console.log(
    `XSS, stored: ${XSS_PAYLOADS.length} payloads, ${changedByServer} rewritten by the server's sanitiser, ` +
      `${failures.length} ran or left something dangerous`,
  );
  expect(failures).toEqual([]);
});

test('a YouTube embed survives the sanitisers: a seed video article and one stored through the API', async ({
  page,
}) => {
  const collect = await watchForXss(page, api);
  const video = await createArticle(
    token,
    {
      title: `YouTube埋め込みの検証 ${run}`,
      slug: `xss-${run}-youtube`,
      articleType: 'youtube',
      content:
        '<iframe width="560" height="315" src="https://www.youtube.com/embed/Qm7xK2pLd9A" title="動画" ' +
        'allow="autoplay; encrypted-media" allowfullscreen onload="__xssHit(\'yt\')"></iframe><p>動画の説明です。</p>',
    },
    api.base,
  );
  stored.set(-1, video);
  expect(video.content).toContain('src="https://www.youtube.com/embed/Qm7xK2pLd9A"');

  for (const slug of ['chatgpt-getting-started-video', video.slug]) {
    const url = `${SSR_SHELL}/articles/${slug}`;
    await page.goto(url);
    const play = page.getByRole('button', { name: /^動画を再生：/ });
    await expect(play).toBeVisible();
    await interactive(page);
    await play.click();
    const frame = page.getByRole('main').locator('iframe');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube\.com\/embed\/[\w-]+/);
    expect(await collect(frame.locator('..'), url)).toEqual(NOTHING);
  }

  // A YouTube iframe inside the body of a stored payload article keeps its player, loses its handler.
  const withHandler = XSS_PAYLOADS.find((payload) => payload.name === 'YouTube iframe with onload')!;
  await page.goto(`${SSR_SHELL}/articles/${stored.get(withHandler.id)!.slug}`);
  const body = articleBody(page, withHandler);
  await expect(body.locator('iframe')).toHaveAttribute('src', 'https://www.youtube.com/embed/abc');
  await expect(body.locator('iframe')).not.toHaveAttribute('onload', /.*/);
});

test.describe('with the shell’s Content-Security-Policy enforced', () => {
  test.use({ bypassCSP: false });

  test('the same unsanitised payload runs nothing: the policy refuses inline handlers by itself', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text());
    });
    const collect = await watchForXss(page, api);
    const findings = await collect(await injectUnsanitised(page), 'http://localhost:3000/about');
    expect(findings.hits).toEqual([]);
    expect(findings.dialogs).toEqual([]);
    expect(violations.length).toBeGreaterThan(0);
  });
});

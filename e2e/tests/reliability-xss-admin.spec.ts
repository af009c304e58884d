import { expect, test, type Page } from '@playwright/test';
import { adminUser, signInAs } from '../support/auth';
import type { PrivateApi } from '../support/privateApi';
import type { CreatedArticle } from '../support/reliabilityApi';
import {
  bodyWith,
  clean,
  inTabsSideBySide,
  marker,
  openInApp,
  PAYLOAD_TABS,
  storePayloads,
  watchForXss,
} from '../support/xss';
import { XSS_PAYLOADS } from '../support/xssPayloads';
import { paced } from '../support/pace';

/**
 * Stored XSS in the admin console: its live preview renders every cheat-sheet payload stored
 * through the API, and every raw one typed into the editor (which bypasses the server's
 * sanitiser), and none of them runs. The admin console is the shared stack's; its API calls go to
 * a private API that holds the payloads.
 */
/**
 * The shell's Content-Security-Policy already refuses inline handlers and `javascript:` URLs, which
 * would hide a sanitiser that lets them through: these tests bypass it, so what they count is what
 * the sanitisers alone stop.
 */
test.use({ bypassCSP: true });

let api: PrivateApi;
let stored: Map<number, CreatedArticle>;

test.beforeAll(async () => {
  ({ api, stored } = await storePayloads(4153));
});

test.afterAll(async () => {
  await api?.stop();
});

/** Signed in as an admin, with the watcher installed: the editor page's preview and `collect`. */
async function adminPreview(page: Page) {
  const collect = await watchForXss(page, api);
  await signInAs(page, adminUser);
  return { collect, preview: page.getByRole('region', { name: 'プレビュー' }) };
}

test('the admin console’s live preview runs none of the stored payloads', async ({ page }) => {
  test.setTimeout(paced(300_000));
  const failures: string[] = [];
  await inTabsSideBySide(page, PAYLOAD_TABS, XSS_PAYLOADS, async (tab) => {
    const { collect, preview } = await adminPreview(tab);
    let firstVisit = true;
    return async (payload) => {
      const url = `http://localhost:3000/admin/articles/edit/${stored.get(payload.id)!.id}`;
      await openInApp(tab, url, firstVisit);
      // A tab's first visit loads the admin app cold, one step after the other (the session
      // confirmed, the admin remote, the article, the sanitiser), in three tabs at once: on a busy
      // machine that passed the default wait of one step (docs/log.md). Its limit guards a hang.
      await expect(preview).toContainText(marker(payload), { timeout: paced(firstVisit ? 60_000 : 10_000) });
      firstVisit = false;
      const findings = await collect(preview, url);
      if (!clean(findings)) failures.push(`stored #${payload.id} ${payload.name}: ${JSON.stringify(findings)}`);
    };
  });
  console.log(`XSS, admin preview: ${XSS_PAYLOADS.length} stored, ${failures.length} ran`);
  expect(failures).toEqual([]);
});

test('the admin console’s live preview runs none of the raw payloads typed into the editor', async ({ page }) => {
  test.setTimeout(paced(300_000));
  const { collect, preview } = await adminPreview(page);
  const failures: string[] = [];
  // The editor bypasses the server: what the admin types goes straight to the browser's sanitiser.
  const [firstStored] = stored.values();
  if (!firstStored) throw new Error('no payload was stored');
  const editUrl = `http://localhost:3000/admin/articles/edit/${firstStored.id}`;
  await page.goto(editUrl);
  const editor = page.getByRole('textbox', { name: /^本文（HTML）/ });
  for (const payload of XSS_PAYLOADS) {
    await editor.fill(bodyWith(payload));
    await expect(preview).toContainText(marker(payload));
    const findings = await collect(preview, editUrl);
    if (!clean(findings)) failures.push(`typed #${payload.id} ${payload.name}: ${JSON.stringify(findings)}`);
  }
  console.log(`XSS, admin preview: ${XSS_PAYLOADS.length} typed, ${failures.length} ran`);
  expect(failures).toEqual([]);
});

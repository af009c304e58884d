import { expect, test, type Page } from '@playwright/test';
import { adminIdToken, API, deleteArticle } from '../support/reliabilityApi';

/**
 * CORS in a real browser: a page on an origin the service does not list cannot send an authorised
 * write (its preflight gets no grant, so Chromium never sends the POST) nor read an answer; the
 * same code on a listed origin can. http://localhost:3999 is served by the test itself, so both
 * pages are on loopback and only CORS can tell them apart.
 */

const OTHER_ORIGIN = 'http://localhost:3999';
const LISTED_ORIGIN = 'http://localhost:3000'; // the shell, where the apps run

interface Attempt {
  write: string;
  read: string;
}

/** Runs in the page: an admin write and a public read against the service; "ok <status>" or the error. */
async function attemptFromPage(page: Page, token: string, title: string): Promise<Attempt> {
  return page.evaluate(
    async ({ api, token, title }) => {
      const outcome = (request: Promise<Response>) =>
        request.then(
          async (response) =>
            `ok ${response.status} ${response.status === 201 ? ((await response.json()) as { id: number }).id : ''}`.trim(),
          (error: Error) => `${error.name}: ${error.message}`,
        );
      const write = await outcome(
        fetch(`${api}/articles`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ title, category: 'AI活用', date: '2025-01-01', content: '<p>CORSの検証</p>' }),
        }),
      );
      const read = await outcome(fetch(`${api}/articles`));
      return { write, read };
    },
    { api: API, token, title },
  );
}

const titlesInService = async () =>
  ((await (await fetch(`${API}/articles`)).json()) as { title: string }[]).map((article) => article.title);

test('a page on an unlisted origin can neither write with an admin token nor read; a listed origin can', async ({
  page,
}) => {
  const token = await adminIdToken();
  const corsErrors: string[] = [];
  page.on('console', (message) => {
    if (/CORS policy/.test(message.text())) corsErrors.push(message.text());
  });

  await page.route(`${OTHER_ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>他のサイト</title><p>他のサイト</p>' }),
  );
  await page.goto(`${OTHER_ORIGIN}/`);
  const refusedTitle = `別オリジンからの書き込み ${Date.now()}`;
  const refused = await attemptFromPage(page, token, refusedTitle);
  expect(refused).toEqual({ write: 'TypeError: Failed to fetch', read: 'TypeError: Failed to fetch' });
  expect(corsErrors.some((text) => text.includes(OTHER_ORIGIN))).toBe(true);
  expect(await titlesInService()).not.toContain(refusedTitle);

  await page.goto(`${LISTED_ORIGIN}/`);
  const allowedTitle = `許可オリジンからの書き込み ${Date.now()}`;
  const allowed = await attemptFromPage(page, token, allowedTitle);
  expect(allowed.read).toBe('ok 200');
  expect(allowed.write).toMatch(/^ok 201 \d+$/);
  expect(await titlesInService()).toContain(allowedTitle);
  await deleteArticle(token, Number(allowed.write.split(' ')[2]));
});

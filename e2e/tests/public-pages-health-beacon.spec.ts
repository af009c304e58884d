import { expect, test } from '@playwright/test';
import { hydrated } from '../support/hydration';
import { articles, PUBLIC_ROUTES, SHELL, watchConsole } from '../support/serverRendering';

/**
 * Issue 42's bar: 0 console errors on every public page, with the release service that takes the
 * health reports on another origin, as `npm start` runs it (pages on :3000, the service on :3005).
 * Each page is held until its health report was sent and answered: the beacon used to be answered
 * with `Cross-Origin-Resource-Policy: same-origin`, which Chromium logs as
 * `net::ERR_BLOCKED_BY_RESPONSE.NotSameOrigin` on every page view.
 */
test('every public page sends its health report to the service on another origin without a console error', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [article] = await articles(request);
  const problems = watchConsole(page);
  const routes = [...PUBLIC_ROUTES, `/articles/${article!.slug}`, '/no-such-page'];
  const answered: string[] = [];
  for (const route of routes) {
    const report = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/health',
    );
    await page.goto(route);
    await hydrated(page);
    // The shell sends a page's batch 2 s after its first view.
    const response = await report;
    expect(new URL(response.url()).origin, route).not.toBe(SHELL);
    expect(response.status(), route).toBe(202);
    expect((await response.allHeaders())['cross-origin-resource-policy'], route).toBe('cross-origin');
    answered.push(route);
  }
  console.log(
    `pages checked: ${answered.length} (${answered.join(', ')}); console errors and warnings: ${problems.length}`,
  );
  expect(answered).toEqual(routes);
  expect(problems).toEqual([]);
});

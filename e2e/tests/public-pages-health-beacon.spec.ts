import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { hydrated } from '../support/hydration';
import { articles, PUBLIC_ROUTES, SHELL, watchConsole } from '../support/serverRendering';
import { paced } from '../support/pace';

/**
 * Issue 42's bar: 0 console errors on every public page, with the release service that takes the
 * health reports on another origin, as `npm start` runs it (pages on :3000, the service on :3005).
 * Each page is held until its health report was sent and answered: the beacon used to be answered
 * with `Cross-Origin-Resource-Policy: same-origin`, which Chromium logs as
 * `net::ERR_BLOCKED_BY_RESPONSE.NotSameOrigin` on every page view.
 */
/** The suite's release service, as `npm start` runs it: another origin than the pages' (:3000). */
const RELEASE_SERVICE = 'http://localhost:3005';

test('every public page sends its health report to the service on another origin without a console error', async ({
  page,
  request,
}) => {
  test.setTimeout(paced(120_000));
  const [article] = await articles(request);
  const problems = watchConsole(page);
  const routes = [...PUBLIC_ROUTES, `/articles/${article!.slug}`];
  const answered: string[] = [];
  for (const route of routes) {
    const report = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/health',
    );
    await page.goto(route);
    await hydrated(page);
    // The shell sends a page's batch 2 s after its first view. (Chromium gives a beacon's response
    // no headers to Playwright: what its Cross-Origin-Resource-Policy did shows in the console.)
    const response = await report;
    expect(new URL(response.url()).origin, route).toBe(RELEASE_SERVICE);
    expect(RELEASE_SERVICE).not.toBe(SHELL);
    expect(response.status(), route).toBe(202);
    answered.push(route);
  }
  // The shell's own 404 page shows no remote's area, so it reports nothing: held as long as a
  // report would take, for any error of its own. A fixed wait on purpose: it is the assertion (no
  // error within a report's time); there is no report whose event could end it sooner.
  await page.goto('/no-such-page');
  await hydrated(page);
  await page.waitForTimeout(2_500);
  console.log(
    `pages checked: ${answered.length} with a report (${answered.join(', ')}) and the 404 page; console errors and warnings: ${problems.length}`,
  );
  expect(answered).toEqual(routes);
  expect(problems).toEqual([]);
});

test('the same watch sees the console error of a beacon answered `same-origin`, as the service answered before', async ({
  page,
}) => {
  // A stand-in for the former answer, on another origin as the service is; the page's beacon is sent there.
  const formerService = http.createServer((_request, response) => {
    response.writeHead(202, { 'content-type': 'application/json', 'cross-origin-resource-policy': 'same-origin' });
    response.end('{"accepted":0}');
  });
  await new Promise<void>((resolve) => formerService.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = formerService.address() as AddressInfo;
    const problems = watchConsole(page);
    await page.route(`${RELEASE_SERVICE}/api/health`, (route) =>
      route.continue({ url: `http://localhost:${port}/api/health` }),
    );
    await page.goto('/about');
    await expect
      .poll(() => problems)
      .toEqual(['error: Failed to load resource: net::ERR_BLOCKED_BY_RESPONSE.NotSameOrigin']);
  } finally {
    formerService.close();
  }
});

// Production as it is deployed (issue "Production as it is deployed", part 5): nginx in front of
// two web-server instances (`node web-server/dist/main.js`, configured only by its environment)
// and two article-api instances on one PostgreSQL, and two release-service instances on a
// database of their own. Each test prints its figures (console.log,
// "topology:" lines: sent/failed counts, times) so that a run can be quoted.
//
// Forged headers and path variants are in topology-hostile-requests.spec.ts, on a topology of
// their own. Tests do not depend on one another: after a failure Playwright starts a new worker, whose
// beforeAll builds the whole topology afresh.
import { expect, test } from '@playwright/test';
import { startLoad } from '../support/topology/load';
import { putArticle, type ArticleDraft } from '../support/topology/pages';
import { backInRotation, figures, get, log, retriedSince, SECOND, warm } from '../support/topology/probes';
import { useProbedTopology } from '../support/topology/probedTopology';
import { sleep } from 'local-stack/topology/processes';
import type { Topology } from '../support/topology/topology';

let topology: Topology;
let token: string;
let probe: { id: number; draft: ArticleDraft };
/** Every public page: the fixed ones, a seed article and the probe article this file edits. */
let pages: string[];

test.describe('production topology: nginx, two web servers, two APIs, one PostgreSQL', () => {
  useProbedTopology((probed) => ({ topology, token, probe, pages } = probed));

  test('every public page is server-rendered through the proxy; an unknown path is a 404', async ({ request }) => {
    const rows: string[] = [];
    for (const path of [...pages, '/nope-topology']) {
      const response = await request.get(`${topology.origin}${path}`, { maxRedirects: 0 });
      const render = response.headers()['x-render'] ?? '';
      rows.push(`${response.status()} ${path} (${render})`);
      expect(response.status(), path).toBe(path === '/nope-topology' ? 404 : 200);
      expect(render, path).toMatch(/^server/);
      // The servers reach the API through the proxy: a degraded page would mean they do not.
      expect(render, path).not.toContain('degraded');
    }
    log(`pages through nginx:\n  ${rows.join('\n  ')}`);
  });

  test('the release service runs apart: both instances and the proxy answer one registry', async ({ request }) => {
    const answers = await Promise.all(
      [`${topology.origin}/release-service/api`, ...topology.releaseServices.map((service) => service.base)].map(
        async (base) => {
          const response = await request.get(`${base}/registry/production`);
          return {
            status: response.status(),
            etag: response.headers()['etag'],
            environment: (await response.json()).environment,
          };
        },
      ),
    );
    log(`registry through nginx and each release-service instance: ${JSON.stringify(answers)}`);
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, environment: 'production' });
    expect(new Set(answers.map((answer) => answer.etag)).size).toBe(1);
    // The article API no longer serves the registry: the services are apart.
    expect((await request.get(`${topology.origin}/api/registry/production`)).status()).toBe(404);
  });

  test('an admin edit on one API instance is in the pages of both web servers within 5 s', async () => {
    const title = `トポロジー確認記事 ${Date.now()}`;
    const path = `/articles/${probe.draft.slug}`;
    const targets = [
      ...topology.webServers.map((server) => ({ name: server.name, url: `${server.origin}${path}` })),
      { name: 'nginx', url: `${topology.origin}${path}` },
    ];
    for (const target of targets) expect((await get(target.url)).body).not.toContain(title);

    await putArticle(topology.apis[1]!.base, token, probe.id, Object.assign({}, probe.draft, { title }));
    const editedAt = Date.now();
    const seen = await Promise.all(
      targets.map(async ({ name, url }) => {
        // Polled past the bar, so a slow instance's real time is printed rather than "> 5 s".
        while (Date.now() - editedAt < 30 * SECOND) {
          const page = await get(url);
          if (page.status === 200 && page.render.startsWith('server') && page.body.includes(title)) {
            return { name, ms: Date.now() - editedAt, render: page.render };
          }
          await sleep(20);
        }
        return { name, ms: Infinity, render: '' };
      }),
    );
    log(`edit visible after: ${seen.map(({ name, ms, render }) => `${name} ${ms} ms (${render})`).join('; ')}`);
    for (const { name, ms } of seen)
      expect(ms, `${name}: ms until the edited title was served`).toBeLessThanOrEqual(5 * SECOND);
  });

  test('SIGKILL of one web server under steady load through nginx: 0 failed requests', async () => {
    const [victim] = topology.webServers;
    const fromLine = topology.nginx.accessLog().length;
    const load = startLoad(
      pages.map((path) => `${topology.origin}${path}`),
      { concurrency: 30, maxMs: 60 * SECOND },
    );
    await sleep(1.5 * SECOND);
    const sentBeforeKill = load.sent();
    await victim!.kill();
    await sleep(3.5 * SECOND);
    const result = await load.stop();
    const retried = retriedSince(topology, fromLine);
    const restartMs = await victim!.start();
    const cold = await warm(victim!, pages);
    log(
      `SIGKILL of ${victim!.name} after ${sentBeforeKill} requests: ${figures(result)}; ` +
        `nginx sent ${retried} requests again; restarted in ${restartMs} ms`,
    );
    expect(result.failed, result.failures.join('\n')).toBe(0);
    expect(result.sent).toBeGreaterThan(100);
    expect(cold).toEqual([]);
  });

  test('rolling restart (SIGTERM, drain, start) of both web servers under steady load: 0 failed requests', async () => {
    const fromLine = topology.nginx.accessLog().length;
    const load = startLoad(
      pages.map((path) => `${topology.origin}${path}`),
      { concurrency: 30, maxMs: 90 * SECOND },
    );
    await sleep(1 * SECOND);
    const steps: string[] = [];
    const exits: (number | string)[] = [];
    for (const server of topology.webServers) {
      const { code, ms } = await server.terminate();
      exits.push(code);
      const startMs = await server.start();
      // Counted from here: a line logged earlier may be a request the old process answered.
      const restartedFrom = topology.nginx.accessLog().length;
      const rotationMs = await backInRotation(topology, server.port, restartedFrom);
      steps.push(
        `${server.name}: drained and exited ${code} in ${ms} ms, healthy in ${startMs} ms, back in nginx's rotation ${rotationMs} ms later`,
      );
    }
    await sleep(1 * SECOND);
    const result = await load.stop();
    log(
      `rolling restart: ${figures(result)}; nginx sent ${retriedSince(topology, fromLine)} requests again\n  ${steps.join('\n  ')}`,
    );
    expect(exits, 'exit codes after SIGTERM').toEqual([0, 0]);
    expect(result.failed, result.failures.join('\n')).toBe(0);
    expect(result.sent).toBeGreaterThan(100);
  });
});

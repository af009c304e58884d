/**
 * Load: 60 s of mixed traffic at a fixed 200 requests/s on loopback against the service as a real
 * child process (its own event loop, a SQLite file with full syncs): 90 % reads (list, by slug,
 * by id, business list) and 10 % admin writes (create → update → delete, so the data set stays
 * the same size). Zero errors allowed; p50/p99 are reported.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Article } from 'shared-articles';
import { type ChildService, startChildService } from './support/childService';
import { freshDatabaseEnv } from 'service-kit/testing';
import { sendOnce } from 'service-kit/testing';
import { TOKENS } from './support/testApp';
import { paced } from 'service-kit/testing/pace';

const DURATION_S = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 60);
const RATE_PER_S = 200;
const CONNECTIONS = 10;
jest.setTimeout(paced((DURATION_S + 60) * 1000));

type Kind = 'list' | 'bySlug' | 'byId' | 'businessList' | 'create' | 'update' | 'delete';
/** Per connection: the article it created, for its update and delete. */
interface WriterContext {
  articleId?: number;
}

const admin = { authorization: `Bearer ${TOKENS.admin}`, 'content-type': 'application/json' };
const articleBody = (label: string) =>
  JSON.stringify({
    title: `負荷試験の記事（${label}）`,
    category: 'AI活用',
    date: '2025-08-01',
    content: `<p>${label}</p>`,
  });

let dir: string;
let service: ChildService;
let seeded: Article[];
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'article-api-load-'));
  // The write limit (60/min by default) is raised through the config module for the run: a 429 would be a setup mistake.
  service = await startChildService({
    ...freshDatabaseEnv(path.join(dir, 'articles.sqlite')),
    RATE_LIMIT_WRITE_MAX: '100000',
  });
  seeded = JSON.parse(
    (await sendOnce(service.port, { method: 'GET', path: '/api/articles', headers: {} })).body,
  ) as Article[];
});
afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it(`serves ${RATE_PER_S} mixed requests/s for ${DURATION_S} s without a single error`, async () => {
  const statusesByKind: Record<Kind, Record<number, number>> = {
    list: {},
    bySlug: {},
    byId: {},
    businessList: {},
    create: {},
    update: {},
    delete: {},
  };
  const tally = (kind: Kind) => (status: number) => {
    statusesByKind[kind][status] = (statusesByKind[kind][status] ?? 0) + 1;
  };
  const randomArticle = () => {
    const article = seeded[Math.floor(Math.random() * seeded.length)];
    if (!article) throw new Error('the load test needs seeded articles');
    return article;
  };

  const read: Record<'list' | 'bySlug' | 'byId' | 'businessList', autocannon.Request> = {
    list: { method: 'GET', path: '/api/articles', onResponse: tally('list') },
    bySlug: {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/articles/slug/${randomArticle().slug}` }),
      onResponse: tally('bySlug'),
    },
    byId: {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/articles/${randomArticle().id}` }),
      onResponse: tally('byId'),
    },
    businessList: {
      method: 'GET',
      path: '/api/business/articles',
      headers: { authorization: `Bearer ${TOKENS.user}` },
      onResponse: tally('businessList'),
    },
  };
  const write: Record<'create' | 'update' | 'delete', autocannon.Request> = {
    create: {
      method: 'POST',
      path: '/api/articles',
      headers: admin,
      setupRequest: (request) => ({ ...request, body: articleBody(`作成 ${Date.now()}`) }),
      onResponse: (status, body, context: WriterContext) => {
        tally('create')(status);
        context.articleId = status === 201 ? (JSON.parse(body) as Article).id : undefined;
      },
    },
    update: {
      method: 'PUT',
      headers: admin,
      setupRequest: (request, context: WriterContext) => ({
        ...request,
        path: `/api/articles/${context.articleId}`,
        body: articleBody(`更新 ${Date.now()}`),
      }),
      onResponse: tally('update'),
    },
    delete: {
      method: 'DELETE',
      headers: { authorization: admin.authorization },
      setupRequest: (request, context: WriterContext) => ({ ...request, path: `/api/articles/${context.articleId}` }),
      onResponse: tally('delete'),
    },
  };
  // Nine reads, then one write; three rounds make a create → update → delete cycle per connection.
  const reads = [
    read.list,
    read.bySlug,
    read.byId,
    read.businessList,
    read.bySlug,
    read.byId,
    read.list,
    read.bySlug,
    read.byId,
  ];
  const requests = [...reads, write.create, ...reads, write.update, ...reads, write.delete];

  const result = await autocannon({
    url: `http://127.0.0.1:${service.port}`,
    connections: CONNECTIONS,
    overallRate: RATE_PER_S,
    duration: DURATION_S,
    timeout: 10,
    requests,
  });

  const writes = ['create', 'update', 'delete'].reduce(
    (sum, kind) => sum + Object.values(statusesByKind[kind as Kind]).reduce((a, b) => a + b, 0),
    0,
  );
  const { latency } = result;
  console.log(
    [
      `load: ${result.requests.total} requests in ${result.duration} s at ${RATE_PER_S}/s target ` +
        `(${(result.requests.total / result.duration).toFixed(1)}/s achieved) over ${CONNECTIONS} connections, ` +
        `${writes} writes (${((writes / result.requests.total) * 100).toFixed(1)} %)`,
      `latency ms: p50 ${latency.p50}, p90 ${latency.p90}, p99 ${latency.p99}, p99.9 ${latency.p99_9}, max ${latency.max}`,
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, 5xx ${result['5xx']}`,
      `statuses by kind: ${JSON.stringify(statusesByKind)}`,
    ].join('\n'),
  );

  expect(result.errors).toBe(0);
  expect(result.timeouts).toBe(0);
  expect(result.non2xx).toBe(0);
  expect(result['5xx']).toBe(0);
  // The fixed rate was actually held (a stalled service would send far fewer).
  expect(result.requests.total).toBeGreaterThanOrEqual(RATE_PER_S * DURATION_S * 0.95);
  expect(writes / result.requests.total).toBeCloseTo(0.1, 1);
  // Every cycle cleaned up after itself: the list is the seed again, apart from cycles cut off at the end.
  const after = JSON.parse(
    (await sendOnce(service.port, { method: 'GET', path: '/api/articles', headers: {} })).body,
  ) as Article[];
  expect(after.length - seeded.length).toBeLessThanOrEqual(CONNECTIONS);
});

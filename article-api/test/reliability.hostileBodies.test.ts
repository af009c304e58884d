/**
 * At least 1,000 generated malformed or oversized requests against the admin writes and the public
 * routes: no 5xx, every answer the expected 4xx with a Japanese `error`, nothing leaked, and the
 * database byte-for-byte the same afterwards. Replay a failure with RELIABILITY_SEED=<seed>.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Article } from 'shared-articles';
import { dumpDatabase, integrityCheck } from './support/dbDump';
import { freshDatabaseEnv } from 'service-kit/testing';
import { generateHostileRequests, generatorOf, type HostileRequest } from './support/hostileRequests';
import { createPrng, seedFromEnv } from 'service-kit/testing';
import { inPool, type RawAnswer, sendOnce, sendRaw } from 'service-kit/testing';
import { buildTestApp, TOKENS } from './support/testApp';
import { useTestApp } from './support/useTestApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(180_000));

const COUNT = Number(process.env.RELIABILITY_HOSTILE_COUNT ?? 1_200);
const CONCURRENCY = 8;
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
/** What must never reach a client: stack frames, file paths, Fastify's English codes. */
const INTERNALS = /\bat .+:\d+|node_modules|\/src\/|FST_ERR|SQLITE|Error:/;

const seed = seedFromEnv();
let dir: string;
let database: Record<string, string>;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'article-api-hostile-'));
  database = freshDatabaseEnv(path.join(dir, 'articles.sqlite'));
});
// The write limit is lifted for the run: a 429 would hide what the service does with the body.
const server = useTestApp({ build: () => buildTestApp({ env: { ...database, RATE_LIMIT_WRITE_MAX: '100000' } }) });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function problemWith(request: HostileRequest, answer: RawAnswer): string | null {
  if (!request.expected.includes(answer.status))
    return `status ${answer.status || answer.error}, expected ${request.expected.join('/')}`;
  if (request.method === 'HEAD') return null;
  if (!answer.contentType.startsWith('application/json')) return `content type ${answer.contentType || '(none)'}`;
  let error: unknown;
  try {
    error = (JSON.parse(answer.body) as { error?: unknown }).error;
  } catch {
    return `body is not JSON: ${answer.body.slice(0, 80)}`;
  }
  if (typeof error !== 'string' || !JAPANESE.test(error))
    return `error is not a Japanese message: ${JSON.stringify(error)}`;
  if (INTERNALS.test(answer.body)) return `internals leaked: ${answer.body.slice(0, 120)}`;
  return null;
}

it(`answers ${COUNT} generated hostile requests with clear 4xx messages and changes nothing`, async () => {
  const articles = (await sendOnce(server.port, { method: 'GET', path: '/api/articles', headers: {} })).body;
  const stored = JSON.parse(articles) as Article[];
  const requests = generateHostileRequests(
    {
      prng: createPrng(seed),
      adminToken: TOKENS.admin,
      slugs: stored.map((article) => article.slug),
      ids: stored.map((article) => article.id),
      missingId: 9_999_999,
    },
    COUNT,
  );
  const before = await dumpDatabase(database);

  const startedAt = Date.now();
  const exchanges = await inPool(
    requests.map((request) => async () => ({
      request,
      answer: await (request.raw !== undefined ? sendRaw(server.port, request.raw) : sendOnce(server.port, request)),
    })),
    CONCURRENCY,
  );
  const elapsedMs = Date.now() - startedAt;

  const byStatus: Record<string, number> = {};
  const byGenerator: Record<string, number> = {};
  const problems: string[] = [];
  exchanges.forEach(({ request, answer }, index) => {
    byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    byGenerator[generatorOf(request)] = (byGenerator[generatorOf(request)] ?? 0) + 1;
    const problem = problemWith(request, answer);
    if (problem) problems.push(`#${index} ${request.label} → ${problem}`);
  });
  const serverErrors = exchanges.filter(({ answer }) => answer.status >= 500).length;

  console.log(
    [
      `hostile requests: seed ${seed} (replay: RELIABILITY_SEED=${seed}), ${requests.length} sent in ${elapsedMs} ms`,
      `answers by status: ${JSON.stringify(byStatus)}; 5xx: ${serverErrors}; wrong answers: ${problems.length}`,
      `requests by kind: ${JSON.stringify(byGenerator)}`,
      ...problems.slice(0, 30),
    ].join('\n'),
  );

  expect(requests.length).toBeGreaterThanOrEqual(1_000);
  expect(serverErrors).toBe(0);
  expect(problems).toEqual([]);
  expect(await dumpDatabase(database)).toBe(before);
  expect(await integrityCheck(database)).toBe('ok');
  // Neither the JSON parser, the query-string parser nor validation let a key reach Object.prototype.
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(Object.prototype).not.toHaveProperty('isAdmin');
});

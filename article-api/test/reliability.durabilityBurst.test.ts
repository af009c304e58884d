/**
 * A burst of concurrent creates while the service process is SIGKILLed mid-burst (twice) and
 * restarted on the same database: every create answered 201 is there afterwards, by id and
 * content, and the database passes its integrity check (SQLite `integrity_check`, PostgreSQL amcheck).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Article } from 'shared-articles';
import { type ChildService, startChildService } from './support/childService';
import { integrityCheck, storedArticles } from './support/dbDump';
import { freshDatabaseEnv } from 'service-kit/testing';
import { sendOnce } from 'service-kit/testing';
import { TOKENS } from './support/testApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(120_000));

const TOTAL = 200;
const CLIENTS = 10;
/** SIGKILL when this many creates have been acknowledged; requests in flight at that moment die with it. */
const KILL_AFTER_ACKNOWLEDGED = [70, 140];

type Outcome =
  | { kind: 'acknowledged'; article: Article }
  | { kind: 'unanswered'; error: string }
  | { kind: 'refused'; status: number };

interface Attempt {
  slug: string;
  title: string;
  content: string;
  outcome?: Outcome;
}

const run = Date.now().toString(36);
const attempts: Attempt[] = Array.from({ length: TOTAL }, (_, index) => ({
  slug: `burst-${run}-${index}`,
  title: `バースト記事 ${index}`,
  content: `<p>同時作成テストの本文 ${index}（${run}）</p>`,
}));

let dir: string;
let env: Record<string, string>;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'article-api-burst-'));
  env = { ...freshDatabaseEnv(path.join(dir, 'articles.sqlite')), RATE_LIMIT_WRITE_MAX: '100000' };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it(`keeps every acknowledged create of a ${TOTAL}-create burst across SIGKILLs`, async () => {
  let service: ChildService = await startChildService(env);
  /** The service to talk to; replaced (synchronously) the moment a crash is triggered. */
  let available: Promise<ChildService> = Promise.resolve(service);
  const pendingKills = [...KILL_AFTER_ACKNOWLEDGED];
  let acknowledged = 0;
  let inFlightAtKills: number[] = [];
  let inFlight = 0;
  /** One queue the clients share: each takes the next attempt until none is left. */
  const queue = attempts.values();

  const crashAndRestart = () => {
    inFlightAtKills = [...inFlightAtKills, inFlight];
    available = (async () => {
      await service.kill();
      service = await startChildService(env);
      return service;
    })();
  };

  const client = async () => {
    for (const attempt of queue) {
      const { port } = await available;
      inFlight += 1;
      const answer = await sendOnce(port, {
        method: 'POST',
        path: '/api/articles',
        headers: { authorization: `Bearer ${TOKENS.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: attempt.title,
          content: attempt.content,
          slug: attempt.slug,
          category: 'AI活用',
          date: '2025-07-01',
        }),
      });
      inFlight -= 1;
      if (answer.status === 201) {
        attempt.outcome = { kind: 'acknowledged', article: JSON.parse(answer.body) as Article };
        acknowledged += 1;
        const nextKill = pendingKills[0];
        if (nextKill !== undefined && acknowledged >= nextKill) {
          pendingKills.shift();
          crashAndRestart();
        }
      } else if (answer.status === 0) {
        attempt.outcome = { kind: 'unanswered', error: answer.error ?? 'no answer' };
      } else {
        attempt.outcome = { kind: 'refused', status: answer.status };
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  service = await available;

  const acknowledgedArticles = attempts.flatMap((a) => (a.outcome?.kind === 'acknowledged' ? [a.outcome.article] : []));
  const unanswered = attempts.filter((a) => a.outcome?.kind === 'unanswered');
  const refused = attempts.filter((a) => a.outcome?.kind === 'refused');

  // Read back through the restarted service: same id, same content.
  const missingViaApi: number[] = [];
  for (const article of acknowledgedArticles) {
    const answer = await sendOnce(service.port, { method: 'GET', path: `/api/articles/${article.id}`, headers: {} });
    if (answer.status !== 200 || JSON.stringify(JSON.parse(answer.body)) !== JSON.stringify(article))
      missingViaApi.push(article.id);
  }

  // One more SIGKILL (no clean close, the WAL not checkpointed), then the file itself.
  await service.kill();
  const rows = await storedArticles(env, `burst-${run}-`);
  const rowById = new Map(rows.map((row) => [row.id, row]));
  const lost = acknowledgedArticles.filter((article) => {
    const row = rowById.get(article.id);
    return !row || row.slug !== article.slug || row.title !== article.title || row.content !== article.content;
  });
  const storedThoughUnanswered = unanswered.filter((a) => rows.some((row) => row.slug === a.slug)).length;
  const integrity = await integrityCheck(env);

  // And the file opens again as a service.
  const reopened = await startChildService(env);
  const health = await sendOnce(reopened.port, { method: 'GET', path: '/api/health', headers: {} });
  await reopened.stop();

  console.log(
    `durability burst: ${TOTAL} creates over ${CLIENTS} clients, SIGKILL after ${KILL_AFTER_ACKNOWLEDGED.join(' and ')} ` +
      `acknowledged (${inFlightAtKills.join(' and ')} requests in flight); acknowledged ${acknowledgedArticles.length}, ` +
      `unanswered ${unanswered.length} (stored anyway ${storedThoughUnanswered}), refused ${refused.length}, ` +
      `lost ${lost.length + missingViaApi.length}; rows ${rows.length}; integrity_check ${integrity}`,
  );

  expect(inFlightAtKills).toHaveLength(KILL_AFTER_ACKNOWLEDGED.length);
  expect(refused.map((a) => a.outcome)).toEqual([]);
  expect(acknowledgedArticles.length + unanswered.length).toBe(TOTAL);
  expect(acknowledgedArticles.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED.at(-1)!);
  expect(missingViaApi).toEqual([]);
  expect(lost).toEqual([]);
  // Nothing appears twice, and nothing appears that was never sent.
  expect(new Set(rows.map((row) => row.slug)).size).toBe(rows.length);
  expect(rows.length).toBe(acknowledgedArticles.length + storedThoughUnanswered);
  expect(integrity).toBe('ok');
  expect(health.status).toBe(200);
});

/**
 * Two service instances on one PostgreSQL database take a burst of 200 concurrent creates, every
 * other request to each; one instance is SIGKILLed mid-burst and the clients go on through the
 * other, as a load balancer would. Every create answered 201 — by either instance — is there
 * afterwards, by id and content, exactly once.
 */
import type { Article } from 'shared-articles';
import { type ChildService, startChildService } from './support/childService';
import { integrityCheck, storedArticles } from './support/dbDump';
import { describeOn, freshDatabaseEnv } from 'service-kit/testing';
import { sendOnce } from 'service-kit/testing';
import { TOKENS } from './support/testApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(120_000));

const TOTAL = 200;
const CLIENTS = 20;
/** SIGKILL instance A when this many creates have been acknowledged (by either instance). */
const KILL_AFTER_ACKNOWLEDGED = 80;

type Instance = 'A' | 'B';
type Outcome =
  | { kind: 'acknowledged'; article: Article; by: Instance }
  | { kind: 'unanswered'; error: string }
  | { kind: 'refused'; status: number };

const run = Date.now().toString(36);
const attempts = Array.from({ length: TOTAL }, (_, index) => ({
  slug: `pair-${run}-${index}`,
  title: `二台構成の記事 ${index}`,
  content: `<p>二台同時作成テスト ${index}（${run}）</p>`,
  outcome: undefined as Outcome | undefined,
}));

// Several instances share a database on PostgreSQL; SQLite is one instance on one file.
describeOn('postgres')('two instances, one SIGKILLed mid-burst', () => {
  let env: Record<string, string>;
  const services: Partial<Record<Instance, ChildService>> = {};
  beforeAll(async () => {
    env = { ...freshDatabaseEnv(), RATE_LIMIT_WRITE_MAX: '100000' };
    services.A = await startChildService(env);
    services.B = await startChildService(env);
  });
  afterAll(async () => {
    await Promise.all(Object.values(services).map((service) => service?.stop()));
  });

  it(`keeps every acknowledged create of a ${TOTAL}-create burst through both`, async () => {
    let killed = false;
    let inFlightAtKill = -1;
    let inFlight = 0;
    let acknowledged = 0;
    let next = 0;

    const client = async () => {
      while (next < TOTAL) {
        const index = next++;
        const attempt = attempts[index]!; // index < TOTAL = attempts.length
        const target: Instance = killed || index % 2 === 1 ? 'B' : 'A';
        inFlight += 1;
        const answer = await sendOnce(services[target]!.port, {
          method: 'POST',
          path: '/api/articles',
          headers: { authorization: `Bearer ${TOKENS.admin}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            slug: attempt.slug,
            title: attempt.title,
            content: attempt.content,
            category: 'AI活用',
            date: '2025-07-02',
          }),
        });
        inFlight -= 1;
        if (answer.status === 201) {
          attempt.outcome = { kind: 'acknowledged', article: JSON.parse(answer.body) as Article, by: target };
          acknowledged += 1;
          if (!killed && acknowledged >= KILL_AFTER_ACKNOWLEDGED) {
            killed = true; // from now on the clients go to B only
            inFlightAtKill = inFlight;
            await services.A!.kill();
          }
        } else if (answer.status === 0) {
          attempt.outcome = { kind: 'unanswered', error: answer.error ?? 'no answer' };
        } else {
          attempt.outcome = { kind: 'refused', status: answer.status };
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));

    const outcomes = attempts.map((attempt) => attempt.outcome!);
    const acknowledgedArticles = outcomes.flatMap((o) => (o.kind === 'acknowledged' ? [o] : []));
    const unanswered = attempts.filter((attempt) => attempt.outcome?.kind === 'unanswered');
    const refused = outcomes.filter((o) => o.kind === 'refused');

    // Read back through the surviving instance: same id, same content.
    const missingViaApi: number[] = [];
    for (const { article } of acknowledgedArticles) {
      const answer = await sendOnce(services.B!.port, {
        method: 'GET',
        path: `/api/articles/${article.id}`,
        headers: {},
      });
      if (answer.status !== 200 || JSON.stringify(JSON.parse(answer.body)) !== JSON.stringify(article))
        missingViaApi.push(article.id);
    }
    const rows = await storedArticles(env, `pair-${run}-`);
    const rowById = new Map(rows.map((row) => [row.id, row]));
    const lost = acknowledgedArticles.filter(({ article }) => {
      const row = rowById.get(article.id);
      return !row || row.slug !== article.slug || row.title !== article.title || row.content !== article.content;
    });
    const storedThoughUnanswered = unanswered.filter((a) => rows.some((row) => row.slug === a.slug)).length;
    const integrity = await integrityCheck(env);

    // A restarted A serves the same list as B.
    services.A = await startChildService(env);
    const [listA, listB] = await Promise.all(
      [services.A, services.B!].map((service) =>
        sendOnce(service.port, { method: 'GET', path: '/api/articles', headers: {} }),
      ),
    );

    const by = (instance: Instance) => acknowledgedArticles.filter((o) => o.by === instance).length;
    console.log(
      `two-instance burst (PostgreSQL): ${TOTAL} creates over ${CLIENTS} clients, A SIGKILLed after ` +
        `${KILL_AFTER_ACKNOWLEDGED} acknowledged (${inFlightAtKill} requests in flight); acknowledged ` +
        `${acknowledgedArticles.length} (A ${by('A')}, B ${by('B')}), unanswered ${unanswered.length} ` +
        `(stored anyway ${storedThoughUnanswered}), refused ${refused.length}, lost ${lost.length + missingViaApi.length}; ` +
        `rows ${rows.length}; amcheck ${integrity}`,
    );

    expect(inFlightAtKill).toBeGreaterThanOrEqual(0);
    expect(refused).toEqual([]);
    expect(by('A')).toBeGreaterThan(0);
    expect(by('B')).toBeGreaterThan(0);
    expect(acknowledgedArticles.length + unanswered.length).toBe(TOTAL);
    expect(acknowledgedArticles.length).toBeGreaterThanOrEqual(TOTAL - CLIENTS);
    expect(missingViaApi).toEqual([]);
    expect(lost).toEqual([]);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(rows.length);
    expect(rows.length).toBe(acknowledgedArticles.length + storedThoughUnanswered);
    expect(integrity).toBe('ok');
    expect(listA?.body).toBe(listB?.body);
    expect(listA?.body).toBeTruthy();
  });
});

/**
 * Moving data: `npm run db:migrate` on the engine under test, and (PostgreSQL project) the
 * one-shot copy of a SQLite file into PostgreSQL, verified row for row (the release registry's
 * part: dataMoves.releases.test.ts).
 */
import path from 'node:path';
import type { Article, BusinessArticle } from 'shared-articles';
import { differences } from '../src/db/copySqliteToPostgres';
import { executeSql } from './support/dbDump';
import { createPostgresDatabase, describeOn, ENGINE, freshDatabaseEnv } from 'service-kit/testing';
import type { Send } from 'service-kit/testing';
import { commandRunner, useTempDir } from 'service-kit/testing';
import { asAdmin, asUser, validInput } from './support/testApp';
import { useAppsPerTest } from './support/useTestApp';
import { paced } from 'service-kit/testing/pace';

const command = commandRunner(path.join(__dirname, '../src/scripts'));

jest.setTimeout(paced(60_000));

const startApp = useAppsPerTest();
const workDir = useTempDir('article-api-moves-');
async function start(env: Record<string, string>): Promise<Send> {
  return (await startApp({ env: { ...env, RATE_LIMIT_WRITE_MAX: '1000' } })).send;
}

describe('npm run db:migrate', () => {
  it(`applies the pending migrations to the configured ${ENGINE} database, then has nothing to do`, async () => {
    const database = freshDatabaseEnv(path.join(workDir(), 'articles.sqlite'));
    // 4 is PostgreSQL's shared rate-limit table; SQLite keeps its counters in the process. (5 and 6
    // were the release registry's, which the release service owns now.)
    const applied = ENGINE === 'postgres' ? [1, 2, 3, 4] : [1, 2, 3];
    const latest = applied.at(-1)!;
    const versions = applied.join(', ');

    const first = await command('migrate.ts', database);
    expect(first).toEqual({
      code: 0,
      output: expect.stringContaining(`applied migrations ${versions}; now at version ${latest}`),
    });
    expect(first.output).not.toContain('postgres@'); // the URL's credentials are never printed
    expect(await command('migrate.ts', database)).toEqual({
      code: 0,
      output: expect.stringContaining(`up to date at version ${latest}`),
    });
    const send = await start(database);
    expect((await send({ url: '/api/articles' })).json<Article[]>()).toHaveLength(21);
  });

  it('creates empty tables with --no-seed and explains a bad setting', async () => {
    const database = freshDatabaseEnv(path.join(workDir(), 'empty.sqlite'));
    expect((await command('migrate.ts', database, ['--no-seed'])).code).toBe(0);
    const send = await start(database);
    expect((await send({ url: '/api/articles' })).json()).toEqual([]);

    const refused = await command('migrate.ts', { DATABASE_URL: 'mysql://elsewhere/db' });
    expect(refused).toEqual({ code: 1, output: expect.stringContaining('DATABASE_URL must be a postgres:// URL') });
  });
});

describeOn('postgres')('npm run db:copy-to-postgres', () => {
  /** A SQLite file with a history: created, edited and deleted articles, Unicode, related lists. */
  async function sqliteWithHistory(): Promise<{ env: Record<string, string>; articles: Article[] }> {
    const env = { DATABASE_PATH: path.join(workDir(), 'source.sqlite') };
    const send = await start(env);
    const created: Article[] = [];
    for (const title of ['Prompt Tips', '絵文字😀と結合文字 cafe\u0301', 'Last one']) {
      const response = await send({
        method: 'POST',
        url: '/api/articles',
        headers: asAdmin,
        payload: { ...validInput, title, relatedArticles: [3, 1], image: 'https://img.example/a.png' },
      });
      created.push(response.json<Article>());
    }
    await send({
      method: 'PUT',
      url: '/api/articles/3',
      headers: asAdmin,
      payload: { ...validInput, title: '編集済み' },
    });
    await send({ method: 'DELETE', url: '/api/articles/1', headers: asAdmin });
    await send({ method: 'DELETE', url: `/api/articles/${created[2]!.id}`, headers: asAdmin }); // the highest id
    const articles = (await send({ url: '/api/articles' })).json<Article[]>();
    return { env, articles };
  }

  it('copies every row, verified, keeps ids and dates, and never reuses a deleted id', async () => {
    const source = await sqliteWithHistory();
    const business = (await (await start(source.env))({ url: '/api/business/articles', headers: asUser })).json<
      BusinessArticle[]
    >();
    const target = createPostgresDatabase();

    const copy = await command('copySqliteToPostgres.ts', {}, ['--from', source.env.DATABASE_PATH!, '--to', target]);
    expect(copy).toEqual({
      code: 0,
      output: expect.stringContaining('copied 22 articles and 5 business articles'),
    });
    expect(copy.output).toContain('verified row for row; the next article gets id 26');

    const send = await start({ DATABASE_URL: target });
    expect((await send({ url: '/api/articles' })).json()).toEqual(source.articles);
    expect((await send({ url: '/api/business/articles', headers: asUser })).json()).toEqual(business);
    const next = await send({ method: 'POST', url: '/api/articles', headers: asAdmin, payload: validInput });
    expect(next.json<Article>().id).toBe(26); // 25 was handed out (and deleted) in SQLite
  });

  it('refuses a target that already holds articles, and changes nothing there', async () => {
    const source = await sqliteWithHistory();
    const target = createPostgresDatabase();
    expect((await command('migrate.ts', { DATABASE_URL: target })).code).toBe(0); // seeded: 21 articles
    await executeSql({ DATABASE_URL: target }, "UPDATE articles SET title = 'そのまま' WHERE id = 2");

    const refused = await command('copySqliteToPostgres.ts', {}, ['--from', source.env.DATABASE_PATH!, '--to', target]);
    expect(refused).toEqual({ code: 1, output: expect.stringContaining('already holds 21 articles') });
    const send = await start({ DATABASE_URL: target });
    expect((await send({ url: '/api/articles/2' })).json<Article>().title).toBe('そのまま');
  });

  it('refuses a source that is not an article database', async () => {
    const missing = await command('copySqliteToPostgres.ts', {}, [
      '--from',
      path.join(workDir(), 'nothing.sqlite'),
      '--to',
      createPostgresDatabase(),
    ]);
    expect(missing).toEqual({ code: 1, output: expect.stringContaining('cannot open the SQLite file') });
  });

  it('compares row for row, so any difference stops the copy', () => {
    const row = { id: 1, title: 'A', related_articles: '[2,3]', created_at: '2025-01-01T00:00:00.000Z' };
    expect(differences('articles', [row], [{ ...row, related_articles: [2, 3] }])).toEqual([]);
    expect(differences('articles', [row], [{ ...row, title: 'A ' }])).toEqual([
      expect.stringContaining('articles id 1:'),
    ]);
    expect(differences('articles', [row], [{ ...row, related_articles: [3, 2] }])).toHaveLength(1);
    expect(differences('articles', [row, { ...row, id: 2 }], [row])).toEqual(['articles: 2 rows in SQLite, 1 copied']);
  });
});

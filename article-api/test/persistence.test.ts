import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Article } from 'shared-articles';
import { openDatabase } from 'service-kit/sqlite';
import { describeOn, freshDatabaseEnv } from 'service-kit/testing';
import { listen } from 'service-kit/testing';
import { asAdmin, buildTestApp, validInput } from './support/testApp';

let dir: string;
let databasePath: string;
/** The same database (a SQLite file, or a PostgreSQL database) for every start within a test. */
let database: Record<string, string>;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'article-api-'));
  databasePath = path.join(dir, 'nested', 'articles.sqlite');
  database = freshDatabaseEnv(databasePath);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function startService() {
  const app = buildTestApp({ env: database });
  return { app, send: await listen(app) };
}

// PostgreSQL's durability is the server's: commits wait for its WAL flush unless an operator turns
// synchronous_commit off, which the service never does.
describeOn('sqlite')('a database file', () => {
  it('is created with its directory and opened in WAL mode with full syncs', () => {
    const db = openDatabase(databasePath);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    db.close();
  });
});

describe('the database', () => {
  it('keeps writes across a restart of the service, without re-seeding deleted articles', async () => {
    const first = await startService();
    const created = (
      await first.send({ method: 'POST', url: '/api/articles', headers: asAdmin, payload: validInput })
    ).json<Article>();
    await first.send({
      method: 'PUT',
      url: '/api/articles/1',
      headers: asAdmin,
      payload: { ...validInput, title: '書き換え' },
    });
    expect((await first.send({ method: 'DELETE', url: '/api/articles/22', headers: asAdmin })).statusCode).toBe(204);
    await first.app.close();

    const second = await startService();
    expect((await second.send({ url: `/api/articles/${created.id}` })).json()).toEqual(created);
    expect((await second.send({ url: '/api/articles/1' })).json<Article>().title).toBe('書き換え');
    expect((await second.send({ url: '/api/articles/22' })).statusCode).toBe(404);
    const list = (await second.send({ url: '/api/articles' })).json<Article[]>();
    expect(list).toHaveLength(21); // 21 seeded + 1 created − 1 deleted
    await second.app.close();
  });
});

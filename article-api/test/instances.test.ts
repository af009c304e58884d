/**
 * Several service instances on one database (a shared SQLite file here, a PostgreSQL database in
 * the article-api-postgres project): what one instance writes, the other reads at once, its cached
 * list included, and both answer the same ETag, so a 304 from either is right.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Article } from 'shared-articles';
import { executeSql } from './support/dbDump';
import { freshDatabaseEnv } from 'service-kit/testing';
import type { Send } from 'service-kit/testing';
import { asAdmin, buildTestApp, validInput } from './support/testApp';
import { useTestApp } from './support/useTestApp';

let dir: string;
let database: Record<string, string>;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'article-api-instances-'));
  database = freshDatabaseEnv(path.join(dir, 'articles.sqlite'));
});
// A fresh database for each test: they count the seeded articles.
const { send: sendA } = useTestApp({ per: 'test', build: () => buildTestApp({ env: database }) });
const { send: sendB } = useTestApp({ per: 'test', build: () => buildTestApp({ env: database }) });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const list = async (send: Send, headers: Record<string, string> = {}) => send({ url: '/api/articles', headers });
const titles = async (send: Send) => (await list(send)).json<Article[]>().map((article) => article.title);

describe('two instances on one database', () => {
  it('read at once through B what an admin writes through A, cached list included', async () => {
    expect(await titles(sendB)).toHaveLength(21); // B has serialised and cached its list

    const created = await sendA({ method: 'POST', url: '/api/articles', headers: asAdmin, payload: validInput });
    expect(created.statusCode).toBe(201);
    const article = created.json<Article>();
    expect((await list(sendB)).json<Article[]>()[0]).toEqual(article);
    expect((await sendB({ url: `/api/articles/slug/${article.slug}` })).json()).toEqual(article);

    const edited = { ...validInput, title: 'Bで書き換え' };
    expect(
      (await sendB({ method: 'PUT', url: `/api/articles/${article.id}`, headers: asAdmin, payload: edited }))
        .statusCode,
    ).toBe(200);
    expect((await titles(sendA))[0]).toBe('Bで書き換え');

    expect((await sendA({ method: 'DELETE', url: `/api/articles/${article.id}`, headers: asAdmin })).statusCode).toBe(
      204,
    );
    expect(await titles(sendB)).toHaveLength(21);
    expect((await sendB({ url: `/api/articles/${article.id}` })).statusCode).toBe(404);
  });

  it('see a change made outside the service (an operator’s SQL) on their next request', async () => {
    expect((await titles(sendA)).includes('運用者の修正')).toBe(false);
    await executeSql(database, "UPDATE articles SET title = '運用者の修正' WHERE id = 1");
    expect(await titles(sendA)).toContain('運用者の修正');
    expect(await titles(sendB)).toContain('運用者の修正');
  });
});

describe('ETag and X-Content-Version on the public reads', () => {
  it('are the same on both instances and answer If-None-Match with an empty 304', async () => {
    const first = await list(sendA);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{12}-\d+"$/);
    expect(first.headers['x-content-version']).toBe(etag.slice(1, -1));
    expect(first.headers['cache-control']).toBe('no-cache');

    const revalidated = await list(sendB, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);

    const bySlug = await sendB({ url: '/api/articles/slug/what-is-generative-ai' });
    expect(bySlug.headers.etag).toBe(etag);
    const slugAgain = await sendA({
      url: '/api/articles/slug/what-is-generative-ai',
      headers: { 'if-none-match': etag },
    });
    expect(slugAgain.statusCode).toBe(304);
    const byId = await sendA({ url: '/api/articles/1', headers: { 'if-none-match': `W/${etag}, "other"` } });
    expect(byId.statusCode).toBe(304);
  });

  it('change with any write, so an old ETag gets the new content from either instance', async () => {
    const etag = String((await list(sendA)).headers.etag);
    await sendB({ method: 'POST', url: '/api/articles', headers: asAdmin, payload: validInput });
    for (const send of [sendA, sendB]) {
      const response = await list(send, { 'if-none-match': etag });
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).not.toBe(etag);
      expect(response.json<Article[]>()).toHaveLength(22);
    }
    const slug = await sendA({ url: '/api/articles/slug/what-is-generative-ai', headers: { 'if-none-match': etag } });
    expect(slug.statusCode).toBe(200);
  });

  it('are not sent on a 404, and a read of an unknown article stays a 404', async () => {
    const missing = await sendA({ url: '/api/articles/slug/no-such-article' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('are exposed to the web apps through CORS', async () => {
    const response = await list(sendA, { origin: 'http://localhost:3000' });
    expect(String(response.headers['access-control-expose-headers'])).toMatch(/ETag.*X-Content-Version/);
  });
});

/**
 * The database going away under a running service (PostgreSQL stopped): public reads and admin
 * writes answer a Japanese 503 with Retry-After instead of a 500, and nothing hangs.
 */
import { describeOn } from 'service-kit/testing';
import { type PostgresServer, startPostgres } from 'service-kit/testing';
import { asAdmin, buildTestApp, validInput } from './support/testApp';
import { useTestApp } from './support/useTestApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

// An SQLite file cannot go away under its process; a database server can.
describeOn('postgres')('PostgreSQL stopped under a running instance', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres(); // its own server: the shared one must stay up
  });
  const { send } = useTestApp({ build: () => buildTestApp({ env: { DATABASE_URL: server.url() } }) });
  afterAll(() => server?.stop());

  it('answers 503 in Japanese with Retry-After on reads and writes', async () => {
    expect((await send({ url: '/api/articles' })).statusCode).toBe(200);
    await server.stop();
    for (const request of [
      { url: '/api/articles' },
      { url: '/api/articles/slug/what-is-generative-ai' },
      { method: 'POST' as const, url: '/api/articles', headers: asAdmin, payload: validInput },
    ]) {
      const response = await send(request);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: '記事データベースに一時的に接続できません。しばらく待ってから再試行してください。',
      });
      expect(response.headers['retry-after']).toBe('5');
    }
    expect((await send({ url: '/api/health' })).statusCode).toBe(200);
  });
});

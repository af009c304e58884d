import Fastify from 'fastify';
import { ApiError, registerErrorHandlers, toErrorResponse } from 'service-kit';
import { listen, sendRaw } from 'service-kit/testing';
import { asAdmin, validInput } from './support/testApp';
import { useAppsPerTest, useTestApp } from './support/useTestApp';

const server = useTestApp();
const { send } = server;
const startApp = useAppsPerTest();

describe('health and unknown routes', () => {
  it('GET /api/health answers ok', async () => {
    const response = await send({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown paths and methods with a Japanese 404', async () => {
    for (const request of [{ url: '/api/nothing' }, { url: '/' }, { method: 'PUT' as const, url: '/api/health' }]) {
      const response = await send(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'お探しのAPIは存在しません。' });
    }
  });

  it('answers URLs the router cannot take with Japanese JSON, not Fastify English', async () => {
    const cases = [
      { url: '/api/articles/%E0%A4%A', status: 400, error: 'リクエストの形式が正しくありません。' },
      { url: `/api/articles/slug/${'a'.repeat(101)}`, status: 414, error: 'URLが長すぎます。' },
    ];
    for (const { url, status, error } of cases) {
      const response = await send({ url });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error });
    }
  });

  it("answers what Node's HTTP parser refuses with Japanese JSON too", async () => {
    const tooLong = await sendRaw(server.port, `GET /api/articles/${'1'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(tooLong).toMatchObject({
      status: 431,
      body: JSON.stringify({ error: 'リクエストのURLまたはヘッダーが大きすぎます。' }),
    });
    const malformed = await sendRaw(server.port, 'GET /api/articles HTTP/1.1\r\nBad Header: 1\r\n\r\n');
    expect(malformed).toMatchObject({
      status: 400,
      body: JSON.stringify({ error: 'リクエストの形式が正しくありません。' }),
    });
  });

  it('sends helmet security headers', async () => {
    const response = await send({ url: '/api/articles' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });
});

describe('CORS', () => {
  it('allows a configured app origin', async () => {
    const response = await send({ url: '/api/articles', headers: { origin: 'http://localhost:3002' } });
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3002');
  });

  it('answers the preflight of an authorised write', async () => {
    const response = await send({
      method: 'OPTIONS',
      url: '/api/articles/1',
      headers: {
        origin: 'http://127.0.0.1:3004',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3004');
    expect(response.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE');
    expect(response.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
  });

  it('gives other origins no CORS grant', async () => {
    const response = await send({ url: '/api/articles', headers: { origin: 'https://evil.example' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('uses CORS_ORIGINS when set', async () => {
    const { send: sendCustom } = await startApp({ env: { CORS_ORIGINS: 'https://ai-manabi.example' } });
    const allowed = await sendCustom({ url: '/api/health', headers: { origin: 'https://ai-manabi.example' } });
    const local = await sendCustom({ url: '/api/health', headers: { origin: 'http://localhost:3000' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://ai-manabi.example');
    expect(local.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('write rate limit', () => {
  it('answers 429 in Japanese with Retry-After once one user’s writes exceed the limit', async () => {
    const { send } = await startApp({ env: { RATE_LIMIT_WRITE_MAX: '3' } });
    const write = () => send({ method: 'POST', url: '/api/articles', headers: asAdmin, payload: validInput });
    expect((await write()).statusCode).toBe(201);
    expect((await send({ method: 'DELETE', url: '/api/articles/23', headers: asAdmin })).statusCode).toBe(204);
    expect((await write()).statusCode).toBe(201);

    const limited = await write();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'リクエストが多すぎます。しばらく待ってから再試行してください。' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Reads are not limited.
    expect((await send({ url: '/api/articles' })).statusCode).toBe(200);
  });

  it('throttles anonymous writes too, before the token is checked', async () => {
    const { send } = await startApp({ env: { RATE_LIMIT_WRITE_MAX: '1' } });
    expect((await send({ method: 'DELETE', url: '/api/articles/1' })).statusCode).toBe(401);
    expect((await send({ method: 'DELETE', url: '/api/articles/1' })).statusCode).toBe(429);
  });
});

describe('error responses', () => {
  it('hide unexpected errors behind a generic Japanese 500 without a stack', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandlers(app);
    app.get('/boom', async () => {
      throw new Error('database exploded at /secret/path');
    });
    const send = await listen(app);
    const response = await send({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'サーバーでエラーが発生しました。時間をおいて再度お試しください。' });
    expect(response.body).not.toContain('secret');
    await app.close();
  });

  it('map statuses and keep ApiError messages and fields', () => {
    expect(toErrorResponse(new ApiError(409, '重複', { slug: '重複' }))).toEqual({
      status: 409,
      body: { error: '重複', fields: { slug: '重複' } },
    });
    expect(toErrorResponse(Object.assign(new Error('Forbidden'), { statusCode: 403 }))).toEqual({
      status: 403,
      body: { error: '管理者権限が必要です。' },
    });
    expect(toErrorResponse(Object.assign(new Error('weird'), { statusCode: 200 })).status).toBe(500);
  });
});

import { Writable } from 'node:stream';
import { buildApp, loggerOptions } from '../src/app';
import { listen } from 'service-kit/testing';
import { asAdmin, asUser, bearer, fakeVerifyToken, TOKENS, testConfig, validInput } from './support/testApp';
import { useTestApp } from './support/useTestApp';

const PROTECTED: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; admin: boolean }> = [
  { method: 'POST', url: '/api/articles', admin: true },
  { method: 'PUT', url: '/api/articles/1', admin: true },
  { method: 'DELETE', url: '/api/articles/1', admin: true },
  { method: 'GET', url: '/api/admin/users', admin: true },
  { method: 'GET', url: '/api/admin/info', admin: true },
  { method: 'GET', url: '/api/business/articles', admin: false },
  { method: 'GET', url: '/api/business/articles/ai-accounting-guide', admin: false },
];
const payloadFor = (method: string) => (method === 'POST' || method === 'PUT' ? validInput : undefined);

const { send } = useTestApp();

describe.each(PROTECTED)('$method $url', ({ method, url, admin }) => {
  it('answers 401 without a token', async () => {
    const response = await send({ method, url, payload: payloadFor(method) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'ログインが必要です。' });
  });

  it('answers 401 for a token the verifier rejects, or a malformed header', async () => {
    for (const authorization of ['Bearer garbage', 'Basic dXNlcjpwYXNz', 'Bearer']) {
      const response = await send({ method, url, headers: { authorization }, payload: payloadFor(method) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'ログインの有効期限が切れたか、認証情報が正しくありません。再度ログインしてください。',
      });
    }
  });

  it(admin ? 'answers 403 for a signed-in non-admin' : 'lets any signed-in user through', async () => {
    const response = await send({ method, url, headers: asUser, payload: payloadFor(method) });
    if (admin) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: '管理者権限が必要です。' });
    } else {
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('admin rule', () => {
  it('matches the admin e-mail case-insensitively', async () => {
    expect(
      (await send({ method: 'POST', url: '/api/articles', headers: asAdmin, payload: validInput })).statusCode,
    ).toBe(201);
  });

  it('accepts an unverified admin e-mail in emulator mode (emulator sign-ups are never verified)', async () => {
    const response = await send({ method: 'GET', url: '/api/admin/info', headers: bearer(TOKENS.unverifiedAdmin) });
    expect(response.statusCode).toBe(200);
  });

  it('requires a verified admin e-mail against a real project', async () => {
    const realProject = buildApp({
      config: testConfig({ FIREBASE_AUTH_EMULATOR_HOST: '', FIREBASE_PROJECT_ID: 'ai-manabi-prod' }),
      verifyToken: fakeVerifyToken,
      listUsers: async () => [],
      logger: false,
    });
    const sendReal = await listen(realProject);
    expect((await sendReal({ url: '/api/admin/info', headers: bearer(TOKENS.unverifiedAdmin) })).statusCode).toBe(403);
    expect((await sendReal({ url: '/api/admin/info', headers: asAdmin })).statusCode).toBe(200);
    await realProject.close();
  });

  it('checks the token before reading the body: an anonymous oversized write is a 401, not a 413', async () => {
    const response = await send({ method: 'POST', url: '/api/articles', payload: { content: 'a'.repeat(300 * 1024) } });
    expect(response.statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('never contain the token, even for rejected ones', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = buildApp({
      config: testConfig(),
      verifyToken: fakeVerifyToken,
      listUsers: async () => [],
      logger: { ...loggerOptions('trace'), stream },
    });
    const sendLogged = await listen(logged);
    await sendLogged({ url: '/api/business/articles', headers: bearer('secret-garbage-token') });
    await sendLogged({ url: '/api/business/articles', headers: asUser });
    await logged.close();

    const output = lines.join('');
    expect(output).toContain('ID token rejected');
    expect(output).not.toContain('secret-garbage-token');
    expect(output).not.toContain(TOKENS.user);
  });
});

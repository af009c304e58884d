import type { FastifyInstance } from 'fastify';
import type { AdminUser, ServerInfo } from 'shared-articles';
import { ENGINE, freshDatabaseEnv } from './support/engine';
import { listen, type Send } from './support/http';
import { asAdmin, buildTestApp } from './support/testApp';

describe('GET /api/admin/users', () => {
  let app: FastifyInstance;
  let send: Send;
  beforeAll(async () => {
    app = buildTestApp();
    send = await listen(app);
  });
  afterAll(() => app.close());

  it('lists the Firebase users with their admin flag', async () => {
    const response = await send({ url: '/api/admin/users', headers: asAdmin });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminUser[]>()).toEqual([
      {
        uid: 'uid-admin',
        email: 'admin@example.com',
        emailVerified: true,
        displayName: '管理者',
        createdAt: '2025-05-01T00:00:00.000Z',
        lastSignInAt: '2025-05-30T05:05:00.000Z',
        isAdmin: true,
      },
      {
        uid: 'uid-user',
        email: 'user@example.com',
        emailVerified: true,
        displayName: null,
        createdAt: null,
        lastSignInAt: null,
        isAdmin: false,
      },
    ]);
  });

  it('answers 502 in Japanese when the user list cannot be read', async () => {
    const failing = buildTestApp({
      listUsers: async () => {
        throw new Error('Credential implementation provided to initializeApp() failed');
      },
    });
    const sendFailing = await listen(failing);
    const response = await sendFailing({ url: '/api/admin/users', headers: asAdmin });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'ユーザー一覧を取得できませんでした。認証サービスの設定を確認してください。',
    });
    await failing.close();
  });
});

describe('GET /api/admin/info', () => {
  it('describes the auth backend and the database by file name only (PostgreSQL: host and database, no credentials)', async () => {
    const database = freshDatabaseEnv();
    const app = buildTestApp({ env: { ADMIN_EMAILS: 'admin@example.com,ops@example.com', ...database } });
    const send = await listen(app);
    const info = (await send({ url: '/api/admin/info', headers: asAdmin })).json<ServerInfo>();
    const databaseName =
      ENGINE === 'postgres'
        ? `PostgreSQL 127.0.0.1:${new URL(database.DATABASE_URL!).port}/${new URL(database.DATABASE_URL!).pathname.slice(1)}`
        : ':memory:';
    expect(info).toEqual({
      adminEmails: ['admin@example.com', 'ops@example.com'],
      authBackend: 'emulator',
      emulatorHost: '127.0.0.1:9099',
      databasePath: databaseName,
      version: '1.0.0',
    });
    expect(JSON.stringify(info)).not.toMatch(/postgres@|password/);
    await app.close();
  });
});

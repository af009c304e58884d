import type { AdminUser, ServerInfo } from 'shared-articles';
import { ENGINE, freshDatabaseEnv } from 'service-kit/testing';
import { asAdmin, FAKE_USERS } from './support/testApp';
import { useAppsPerTest, useTestApp } from './support/useTestApp';

const startApp = useAppsPerTest();

describe('GET /api/admin/users', () => {
  const { send } = useTestApp();

  it('lists the Firebase users with their admin flag', async () => {
    const response = await send({ url: '/api/admin/users', headers: asAdmin });
    expect(response.statusCode).toBe(200);
    // The listed fields pass through unchanged; only the admin flag is added.
    expect(response.json<AdminUser[]>()).toEqual([
      { ...FAKE_USERS[0], isAdmin: true },
      { ...FAKE_USERS[1], isAdmin: false },
    ]);
  });

  it('answers 502 in Japanese when the user list cannot be read', async () => {
    const { send: sendFailing } = await startApp({
      listUsers: async () => {
        throw new Error('Credential implementation provided to initializeApp() failed');
      },
    });
    const response = await sendFailing({ url: '/api/admin/users', headers: asAdmin });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'ユーザー一覧を取得できませんでした。認証サービスの設定を確認してください。',
    });
  });
});

describe('GET /api/admin/info', () => {
  it('describes the auth backend and the database by file name only (PostgreSQL: host and database, no credentials)', async () => {
    const database = freshDatabaseEnv();
    const { send } = await startApp({ env: { ADMIN_EMAILS: 'admin@example.com,ops@example.com', ...database } });
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
  });
});

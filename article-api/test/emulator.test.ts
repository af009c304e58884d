/**
 * Integration with the real Firebase Auth emulator: firebase-admin verifies ID tokens the emulator
 * issued, and the admin rule decides who may write. The test run's emulator (runAuthEmulator.ts):
 * not the one on 9099, which the browser suite's stack owns and a Jest file beside it must not stop.
 */
import type { AdminUser, Article } from 'shared-articles';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type AuthEmulator, runAuthEmulator, signUpOnEmulator } from 'service-kit/testing';
import { freshDatabaseEnv } from 'service-kit/testing';
import { bearer, validInput } from './support/testApp';
import { useTestApp } from './support/useTestApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

const run = `${Date.now().toString(36)}-${process.pid}`; // fresh accounts even on a reused emulator
const adminEmail = `admin-${run}@example.com`;
const otherEmail = `operator-${run}@example.com`;

let emulator: AuthEmulator;
let adminToken: string;
let otherToken: string;

beforeAll(async () => {
  emulator = await runAuthEmulator();
}, paced(120_000));
const { send } = useTestApp({
  build: () =>
    buildApp({
      config: loadConfig({
        ...freshDatabaseEnv(),
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        FIREBASE_PROJECT_ID: 'demo-ai-manabi',
        ADMIN_EMAILS: adminEmail.toUpperCase(),
        LOG_LEVEL: 'silent',
      }),
      logger: false,
    }),
});
beforeAll(async () => {
  [adminToken, otherToken] = await Promise.all([
    signUpOnEmulator(emulator.host, adminEmail),
    signUpOnEmulator(emulator.host, otherEmail),
  ]);
}, paced(120_000));
afterAll(() => emulator?.stop());

it('lets the admin e-mail create an article (201)', async () => {
  const response = await send({
    method: 'POST',
    url: '/api/articles',
    headers: bearer(adminToken),
    payload: validInput,
  });
  expect(response.statusCode).toBe(201);
  expect(response.json<Article>()).toMatchObject({ id: 23, title: validInput.title });
});

it('accepts another signed-in user for business pages but refuses their writes (403)', async () => {
  expect((await send({ url: '/api/business/articles', headers: bearer(otherToken) })).statusCode).toBe(200);
  const response = await send({
    method: 'POST',
    url: '/api/articles',
    headers: bearer(otherToken),
    payload: validInput,
  });
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ error: '管理者権限が必要です。' });
});

it('refuses a garbage token (401)', async () => {
  const response = await send({
    method: 'POST',
    url: '/api/articles',
    headers: bearer('not.a.token'),
    payload: validInput,
  });
  expect(response.statusCode).toBe(401);
});

it('lists the emulator accounts for the admin, flagging the admin', async () => {
  const response = await send({ url: '/api/admin/users', headers: bearer(adminToken) });
  expect(response.statusCode).toBe(200);
  const users = response.json<AdminUser[]>();
  expect(users.find((user) => user.email === adminEmail)).toMatchObject({ isAdmin: true, emailVerified: false });
  expect(users.find((user) => user.email === otherEmail)).toMatchObject({ isAdmin: false });
  expect(users.find((user) => user.email === adminEmail)?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
});

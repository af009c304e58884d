/**
 * Test wiring: a fresh real database of the engine under test (support/engine.ts), a fake token
 * verifier and user lister, silent logs.
 */
import type { FastifyInstance } from 'fastify';
import type { ArticleInput } from 'shared-articles';
import { buildApp, type BuildAppOptions } from '../../src/app';
import type { AuthUserSummary } from 'service-kit';
import { type AppConfig, loadConfig } from '../../src/config';
import { fakeVerifyToken, testEnv } from 'service-kit/testing';

export { asAdmin, asUser, bearer, fakeVerifyToken, TOKENS } from 'service-kit/testing';

export const FAKE_USERS: AuthUserSummary[] = [
  {
    uid: 'uid-admin',
    email: 'admin@example.com',
    emailVerified: true,
    displayName: '管理者',
    createdAt: '2025-05-01T00:00:00.000Z',
    lastSignInAt: '2025-05-30T05:05:00.000Z',
  },
  {
    uid: 'uid-user',
    email: 'user@example.com',
    emailVerified: true,
    displayName: null,
    createdAt: null,
    lastSignInAt: null,
  },
];

/** Config as the service would load it, with service-kit's test defaults (testEnv): `env` adds or overrides. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig(testEnv(env));
}

/** buildApp's options, any of them overridable; `env` adds to or overrides the test defaults. */
export type TestAppOptions = Partial<BuildAppOptions> & { env?: Record<string, string> };

export function buildTestApp(options: TestAppOptions = {}): FastifyInstance {
  const { env, ...rest } = options;
  return buildApp({
    config: testConfig(env),
    verifyToken: fakeVerifyToken,
    listUsers: async () => FAKE_USERS,
    logger: false,
    ...rest,
  });
}

export const validInput: ArticleInput = {
  title: 'AIで毎日の家事を時短する',
  content: '<p>AIに献立や買い物リストを相談してみましょう。</p>',
  category: '日常生活',
  date: '2025-11-01',
};

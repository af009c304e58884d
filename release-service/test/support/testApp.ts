/**
 * Test wiring: a fresh real database of the engine under test (service-kit/testing's engine), a
 * fake token verifier, silent logs.
 */
import type { FastifyInstance } from 'fastify';
import { fakeVerifyToken, freshDatabaseEnv } from 'service-kit/testing';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { type AppConfig, loadConfig } from '../../src/config';

export { asAdmin, asUser, bearer, fakeVerifyToken, TOKENS } from 'service-kit/testing';

/**
 * Config as the service would load it, with test defaults: a fresh database (in-memory SQLite or a
 * new PostgreSQL database) unless `env` names one, emulator mode, silent logs.
 */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  const namesDatabase = 'DATABASE_PATH' in env || 'DATABASE_URL' in env;
  return loadConfig({
    ...(namesDatabase ? {} : freshDatabaseEnv()),
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    ADMIN_EMAILS: 'admin@example.com',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/** buildApp's options, any of them overridable; `env` adds to or overrides the test defaults. */
export type TestAppOptions = Partial<BuildAppOptions> & { env?: Record<string, string> };

export function buildTestApp(options: TestAppOptions = {}): FastifyInstance {
  const { env, ...rest } = options;
  return buildApp({ config: testConfig(env), verifyToken: fakeVerifyToken, logger: false, ...rest });
}

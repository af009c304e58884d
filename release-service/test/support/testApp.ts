/**
 * Test wiring: a fresh real database of the engine under test (service-kit/testing's engine), a
 * fake token verifier, silent logs.
 */
import type { FastifyInstance } from 'fastify';
import { fakeVerifyToken, testEnv } from 'service-kit/testing';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { type AppConfig, loadConfig } from '../../src/config';

export { asAdmin, asUser, bearer, fakeVerifyToken, TOKENS } from 'service-kit/testing';

/** Config as the service would load it, with service-kit's test defaults (testEnv): `env` adds or overrides. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig(testEnv(env));
}

/** buildApp's options, any of them overridable; `env` adds to or overrides the test defaults. */
export type TestAppOptions = Partial<BuildAppOptions> & { env?: Record<string, string> };

export function buildTestApp(options: TestAppOptions = {}): FastifyInstance {
  const { env, ...rest } = options;
  return buildApp({ config: testConfig(env), verifyToken: fakeVerifyToken, logger: false, ...rest });
}

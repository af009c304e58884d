/**
 * The environments services' tests load their configuration from, and the problems a refused one
 * lists: the same settings for the article API and the release service, so written once here.
 */
import { ConfigError, type Env } from '../config';
import { freshDatabaseEnv } from './engine';

/**
 * Test defaults: a fresh database of the engine under test (in-memory SQLite or a new PostgreSQL
 * database) unless `env` names one, the local Auth emulator, admin@example.com the admin, silent
 * logs; `env` adds to or overrides them.
 */
export function testEnv(env: Record<string, string> = {}): Record<string, string> {
  const namesDatabase = 'DATABASE_PATH' in env || 'DATABASE_URL' in env;
  return Object.assign(namesDatabase ? {} : freshDatabaseEnv(), {
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    ADMIN_EMAILS: 'admin@example.com',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/** The problems `load` refuses `env` with (a ConfigError's list); throws when it loads. */
export function configProblems(load: (env: Env) => unknown, env: Env): string[] {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

/**
 * The storage engine the tests run against: SQLite by default, PostgreSQL in the
 * `-postgres` Jest project of a service (SERVICE_TEST_ENGINE=postgres, a throw-away server started
 * by its globalSetup). Every app a test builds gets a fresh database of that engine.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { findPostgresBin, POSTGRES_INSTALL_HINT } from './postgresServer';

export type Engine = 'sqlite' | 'postgres';

export const ENGINE: Engine = process.env.SERVICE_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** Set by postgresGlobalSetup.ts: the test server's maintenance database. */
export const POSTGRES_URL_VARIABLE = 'SERVICE_TEST_POSTGRES_URL';

export function postgresAdminUrl(): string {
  const url = process.env[POSTGRES_URL_VARIABLE];
  if (!url) {
    throw new Error(
      `SERVICE_TEST_ENGINE=postgres, but no test server was started: run a service's -postgres Jest project ` +
        `(npx jest --selectProjects article-api-postgres), whose globalSetup starts one. ${POSTGRES_INSTALL_HINT}`,
    );
  }
  return url;
}

let created = 0;

/**
 * A new, empty database on the test server, created synchronously (test apps are built
 * synchronously); the service migrates and seeds it when it starts, as in production.
 */
export function createPostgresDatabase(): string {
  const url = new URL(postgresAdminUrl());
  created += 1;
  const name = `test_${process.pid}_${created}_${Date.now().toString(36)}`;
  execFileSync(path.join(findPostgresBin(), 'createdb'), ['-h', url.hostname, '-p', url.port, '-U', 'postgres', name], {
    stdio: 'pipe',
  });
  url.pathname = `/${name}`;
  return url.toString();
}

/** Env naming a fresh database: `sqlitePath` (in-memory by default) or a new PostgreSQL database. */
export function freshDatabaseEnv(sqlitePath = ':memory:'): Record<string, string> {
  return ENGINE === 'postgres' ? { DATABASE_URL: createPostgresDatabase() } : { DATABASE_PATH: sqlitePath };
}

/** `describe` for behaviour only one engine has (say why at the call). */
export const describeOn = (engine: Engine) => (ENGINE === engine ? describe : describe.skip);

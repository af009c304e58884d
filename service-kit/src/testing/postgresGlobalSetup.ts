/**
 * globalSetup of a service's -postgres Jest project (article-api-postgres, release-service-postgres): one throw-away PostgreSQL server for the
 * whole run (each test app then creates its own database on it, see engine.ts). Fails the run with
 * the install command when the server binaries are missing.
 */
import { POSTGRES_URL_VARIABLE } from './engine';
import { type PostgresServer, startPostgres } from './postgresServer';

declare global {
  var serviceTestPostgres: PostgresServer | undefined;
}

export default async function startTestPostgres(): Promise<void> {
  const server = await startPostgres();
  globalThis.serviceTestPostgres = server;
  // Workers start after globalSetup and inherit the environment. The engine itself is chosen per
  // project (usePostgres.ts), so the SQLite project of the same run stays on SQLite.
  process.env[POSTGRES_URL_VARIABLE] = server.url();
}

/**
 * A service's entry point: its configuration read (an invalid one stops it with every problem
 * listed), the app built and listening, and SIGINT/SIGTERM closing it gracefully (in-flight
 * requests finish, then the app's onClose hooks close the database).
 */
import type { FastifyInstance } from 'fastify';
import { type CommonConfig, ConfigError } from './config';

export interface ServiceEntry<Config extends CommonConfig> {
  name: string;
  loadConfig(): Config;
  buildApp(config: Config): FastifyInstance;
}

export function runService<Config extends CommonConfig>({ name, loadConfig, buildApp }: ServiceEntry<Config>): void {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const app = buildApp(config);
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  app.listen({ port: config.port, host: config.host }).then(
    (address) =>
      app.log.info(
        {
          database: config.databaseUrl ? 'PostgreSQL' : config.databasePath,
          auth: config.authEmulatorHost ? `emulator ${config.authEmulatorHost}` : config.firebaseProjectId,
        },
        `${name} listening on ${address}/api`,
      ),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

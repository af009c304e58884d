/** Entry point: `npm start -w release-service`. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

function readConfig() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const app = buildApp({ config });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // app.close() finishes in-flight requests, then its onClose hook closes the database.
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

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: config.databasePath,
      auth: config.authEmulatorHost ? `emulator ${config.authEmulatorHost}` : config.firebaseProjectId,
    },
    `release-service listening on ${address}/api`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

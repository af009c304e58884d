/**
 * Builds the article service (no listen): storage, auth, security plugins and the /api routes.
 * The storage opens (and migrates) when the app becomes ready, so `listen()` fails when the
 * database cannot be reached. Tests inject a fake token verifier and user lister; production uses
 * firebase-admin.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createServiceApp, firebaseAuthOf, type ListUsers, registerGuards, type VerifyToken } from 'service-kit';
import packageJson from '../package.json';
import type { AppConfig } from './config';
import { openStorage } from './db/storage';
import { MESSAGES } from './errors';
import { adminRoutes } from './routes/admin';
import { articleRoutes } from './routes/articles';
import { businessRoutes } from './routes/business';
import { healthRoutes } from './routes/health';
import { createHtmlSanitizer } from './sanitize';

export { loggerOptions } from 'service-kit';

export interface BuildAppOptions {
  config: AppConfig;
  /** Defaults to firebase-admin's verifyIdToken for the configured project or emulator. */
  verifyToken?: VerifyToken;
  /** Defaults to firebase-admin's listUsers. */
  listUsers?: ListUsers;
  /** Defaults to pino at config.logLevel with credentials redacted. */
  logger?: FastifyServerOptions['logger'];
}

export function buildApp(options: BuildAppOptions): FastifyInstance {
  const { config } = options;
  const app = createServiceApp({
    config,
    bodyLimit: config.bodyLimitBytes,
    storageUnavailable: MESSAGES.storageUnavailable,
    exposedHeaders: ['Location', 'Retry-After', 'ETag', 'X-Content-Version'],
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });

  const { verifyToken, listUsers } = firebaseAuthOf(app, config, options);

  app.register(
    async (api) => {
      const storage = await openStorage(config, api.log);
      api.addHook('onClose', () => storage.close());
      const { guards, limitWrites } = await registerGuards(api, config, verifyToken, storage.rateLimitStore);

      api.register(healthRoutes);
      api.register(articleRoutes({ storage, guards, limitWrites, sanitizeHtml: createHtmlSanitizer() }));
      api.register(businessRoutes(storage.repository, guards));
      api.register(
        adminRoutes({ config, guards, listUsers, version: packageJson.version, databaseName: storage.description }),
      );
    },
    { prefix: '/api' },
  );

  return app;
}

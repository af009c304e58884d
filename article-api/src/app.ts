/**
 * Builds the article service (no listen): storage, auth, security plugins and the /api routes.
 * Tests inject a fake token verifier and user lister; production uses firebase-admin.
 */
import { isUtf8 } from 'node:buffer';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import packageJson from '../package.json';
import { createFirebaseAuthBackend, type FirebaseAuthBackend } from './auth/firebase';
import { createAuthGuards } from './auth/guards';
import type { ListUsers, VerifyToken } from './auth/types';
import type { AppConfig } from './config';
import { createArticleRepository } from './db/articleRepository';
import { openDatabase } from './db/database';
import { migrate } from './db/migrations';
import { ApiError, handleClientError, handleFrameworkError, MESSAGES, registerErrorHandlers } from './errors';
import { adminRoutes } from './routes/admin';
import { articleRoutes } from './routes/articles';
import { businessRoutes } from './routes/business';
import { healthRoutes } from './routes/health';
import { createHtmlSanitizer } from './sanitize';

export interface BuildAppOptions {
  config: AppConfig;
  /** Defaults to firebase-admin's verifyIdToken for the configured project or emulator. */
  verifyToken?: VerifyToken;
  /** Defaults to firebase-admin's listUsers. */
  listUsers?: ListUsers;
  /** Defaults to pino at config.logLevel with credentials redacted. */
  logger?: FastifyServerOptions['logger'];
}

/** pino options: JSON lines at `level`, credentials redacted should a serializer ever include headers. */
export function loggerOptions(level: AppConfig['logLevel']) {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  } satisfies FastifyServerOptions['logger'];
}

/**
 * Fastify's JSON parser, after a UTF-8 check: decoding would silently turn invalid bytes into
 * U+FFFD, so an article would be stored differently from what was sent.
 */
function registerStrictJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, body?: unknown) => void,
  ) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (!isUtf8(body)) return done(new ApiError(400, MESSAGES.invalidUtf8), undefined);
    parseJson(request, body.toString('utf8'), done);
  });
}

export function buildApp(options: BuildAppOptions): FastifyInstance {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  });

  const db = openDatabase(config.databasePath);
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const repository = createArticleRepository(db);

  let firebase: FirebaseAuthBackend | null = null;
  const firebaseBackend = () =>
    (firebase ??= createFirebaseAuthBackend({
      projectId: config.firebaseProjectId,
      emulatorHost: config.authEmulatorHost,
    }));
  const verifyToken = options.verifyToken ?? firebaseBackend().verifyToken;
  const listUsers = options.listUsers ?? firebaseBackend().listUsers;

  const guards = createAuthGuards({
    verifyToken,
    adminEmails: config.adminEmails,
    requireVerifiedEmail: config.authEmulatorHost === null,
  });

  app.decorateRequest('user', null);
  // JSON only: without the text/plain parser a wrong Content-Type is a 415, not a confusing 400.
  app.removeContentTypeParser('text/plain');
  registerStrictJsonParser(app);
  registerErrorHandlers(app);

  app.register(helmet);
  app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Location', 'Retry-After'],
    maxAge: 600,
  });
  // global: false — only the write routes use the limiter (app.rateLimit() in routes/articles.ts).
  app.register(rateLimit, {
    global: false,
    max: config.writeRateLimit.max,
    timeWindow: config.writeRateLimit.windowMs,
  });

  app.register(
    async (api) => {
      api.register(healthRoutes);
      api.register(articleRoutes({ repository, guards, sanitizeHtml: createHtmlSanitizer() }));
      api.register(businessRoutes(repository, guards));
      api.register(adminRoutes({ config, guards, listUsers, version: packageJson.version }));
    },
    { prefix: '/api' },
  );

  app.addHook('onClose', async () => {
    db.close();
    await firebase?.close();
  });
  return app;
}

/**
 * Builds the article service (no listen): storage, auth, security plugins and the /api routes.
 * The storage opens (and migrates) when the app becomes ready, so `listen()` fails when the
 * database cannot be reached. Tests inject a fake token verifier and user lister; production uses
 * firebase-admin.
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
import { openStorage } from './db/storage';
import { ApiError, handleClientError, handleFrameworkError, MESSAGES, registerErrorHandlers } from './errors';
import { adminRoutes } from './routes/admin';
import { articleRoutes } from './routes/articles';
import { businessRoutes } from './routes/business';
import { healthRoutes } from './routes/health';
import { healthReportRoutes } from './routes/healthReports';
import { createManifestFetcher, type FetchManifest } from './releases/manifests';
import { createReleaseServices } from './releases/services';
import { releaseRoutes } from './routes/releases';
import { createRateLimits } from './routes/rateLimits';
import { createHtmlSanitizer } from './sanitize';
import { registerTestFailpoint } from './testFailpoint';

export interface BuildAppOptions {
  config: AppConfig;
  /** Defaults to firebase-admin's verifyIdToken for the configured project or emulator. */
  verifyToken?: VerifyToken;
  /** Defaults to firebase-admin's listUsers. */
  listUsers?: ListUsers;
  /** How the release gate reads manifests; defaults to HTTP with a timeout and size cap. */
  fetchManifest?: FetchManifest;
  /** Defaults to pino at config.logLevel with credentials redacted. */
  logger?: FastifyServerOptions['logger'];
  /** Milliseconds since the epoch for canaries and health minutes; Date.now unless a test moves time. */
  clock?: () => number;
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

/** Trusts the `hops` proxies nearest to the service (hop 0 is the socket's peer). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export function buildApp(options: BuildAppOptions): FastifyInstance {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
    // Behind a load balancer or hosting proxy the socket address is the proxy's: only a configured
    // proxy's X-Forwarded-For may name the client, or anyone could pick their rate-limit bucket.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? trustHops(config.trustProxy) // what Fastify does with a number; its types only list the function
        : config.trustProxy,
  });

  let firebase: FirebaseAuthBackend | null = null;
  const firebaseBackend = () =>
    (firebase ??= createFirebaseAuthBackend({
      projectId: config.firebaseProjectId,
      emulatorHost: config.authEmulatorHost,
    }));
  const verifyToken = options.verifyToken ?? firebaseBackend().verifyToken;
  const listUsers = options.listUsers ?? firebaseBackend().listUsers;

  app.decorateRequest('user', null);
  // JSON only: without the text/plain parser a wrong Content-Type is a 415, not a confusing 400.
  app.removeContentTypeParser('text/plain');
  registerStrictJsonParser(app);
  registerErrorHandlers(app);
  // TEST ONLY: null in every deployment (config.ts refuses it in production).
  if (config.testFailpoint) registerTestFailpoint(app, config.testFailpoint);

  app.register(helmet);
  app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Location', 'Retry-After', 'ETag', 'X-Content-Version'],
    maxAge: 600,
  });
  app.register(
    async (api) => {
      const storage = await openStorage(config, api.log);
      api.addHook('onClose', () => storage.close());
      // global: false — the guards call the limiters themselves (routes/rateLimits.ts). Counters live
      // where every instance sees them (PostgreSQL) or in this process (SQLite: one instance). When
      // the counter store fails, requests go on: the write behind them needs the same database.
      await api.register(rateLimit, { global: false, store: storage.rateLimitStore ?? undefined, skipOnError: true });
      const limits = createRateLimits(api, config);
      const guards = createAuthGuards({
        verifyToken,
        adminEmails: config.adminEmails,
        requireVerifiedEmail: config.authEmulatorHost === null,
        limitUnauthenticated: limits.unauthenticated,
      });

      api.register(healthRoutes);
      api.register(
        articleRoutes({ storage, guards, limitWrites: limits.writesPerUser, sanitizeHtml: createHtmlSanitizer() }),
      );
      api.register(businessRoutes(storage.repository, guards));
      const releases = createReleaseServices({
        repo: storage.releases,
        healthStore: storage.health,
        config,
        fetchManifest: options.fetchManifest ?? createManifestFetcher(),
        isAdmin: guards.isAdmin,
        ...(options.clock ? { clock: options.clock } : {}),
        log: api.log,
      });
      api.register(releaseRoutes({ services: releases, guards, limitWrites: limits.writesPerUser }));
      api.register(healthReportRoutes({ health: releases.health, limitReports: limits.healthReports }));
      api.register(
        adminRoutes({ config, guards, listUsers, version: packageJson.version, databaseName: storage.description }),
      );
    },
    { prefix: '/api' },
  );

  app.addHook('onClose', async () => {
    await firebase?.close();
  });
  return app;
}

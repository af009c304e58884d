/**
 * Builds the release service (no listen): its own storage, auth, security plugins and the /api
 * routes of the release registry (releases, canaries, the audit log) and of health reports. The
 * storage opens (and migrates) when the app becomes ready, so `listen()` fails when the database
 * cannot be reached. Tests inject a fake token verifier, manifest reader and clock.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createLimiter, createServiceApp, firebaseAuthOf, registerGuards, type VerifyToken } from 'service-kit';
import type { AppConfig } from './config';
import { openStorage } from './db/storage';
import { createManifestFetcher, type FetchManifest } from './releases/manifests';
import { RELEASE_MESSAGES } from './releases/messages';
import { keepOutcomes } from './releases/outcomeRetention';
import { createReleaseServices } from './releases/services';
import { canarySeriesRoutes } from './routes/canarySeries';
import { livenessRoutes } from './routes/health';
import { healthReportRoutes } from './routes/healthReports';
import { releaseRoutes } from './routes/releases';
import { registerTestFailpoint } from './testFailpoint';

export interface BuildAppOptions {
  config: AppConfig;
  /** Defaults to firebase-admin's verifyIdToken for the configured project or emulator. */
  verifyToken?: VerifyToken;
  /** How the release gate reads manifests; defaults to HTTP with a timeout and size cap. */
  fetchManifest?: FetchManifest;
  /** Defaults to pino at config.logLevel with credentials redacted. */
  logger?: FastifyServerOptions['logger'];
  /** Milliseconds since the epoch for canaries and health minutes; Date.now unless a test moves time. */
  clock?: () => number;
}

export function buildApp(options: BuildAppOptions): FastifyInstance {
  const { config } = options;
  const app = createServiceApp({
    config,
    bodyLimit: config.bodyLimitBytes,
    storageUnavailable: RELEASE_MESSAGES.storageUnavailable,
    exposedHeaders: ['Retry-After', 'ETag', 'X-Content-Version', 'Idempotent-Replayed'],
    // Every release write names its operation (docs/releasing.md), also from the リリース page.
    allowedHeaders: ['Idempotency-Key'],
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  const { verifyToken } = firebaseAuthOf(app, config, options);
  // TEST ONLY: null in every deployment (config.ts refuses it in production).
  if (config.testFailpoint) registerTestFailpoint(app, config.testFailpoint);

  app.register(
    async (api) => {
      const storage = await openStorage(config, api.log);
      api.addHook('onClose', () => storage.close());
      const { guards, limitWrites } = await registerGuards(api, config, verifyToken, storage.rateLimitStore);
      // Health reports are anonymous: limited per client address and minute, before the body is read
      // (only against floods: what counts is each report's view token).
      const limitReports = createLimiter(
        api,
        { max: config.health.reportsPerMinute, windowMs: 60_000 },
        (request) => `health:${request.ip}`,
      );
      const releases = createReleaseServices({
        repo: storage.releases,
        healthStore: storage.health,
        vitalsStore: storage.vitals,
        config,
        fetchManifest: options.fetchManifest ?? createManifestFetcher(),
        isAdmin: guards.isAdmin,
        ...(options.clock ? { clock: options.clock } : {}),
        log: api.log,
      });
      const outcomes = keepOutcomes(storage.releases, {
        retentionDays: config.outcomeRetentionDays,
        ...(options.clock ? { clock: options.clock } : {}),
        log: api.log,
      });
      api.addHook('onReady', () => outcomes.start());
      // Planned canaries soak on time even without reports: every instance looks, one moves each.
      const steps = setInterval(() => {
        releases.health.evaluateAll().catch((error: unknown) => api.log.warn({ error }, 'canary steps round failed'));
      }, config.canarySteps.tickSeconds * 1000);
      steps.unref();
      api.addHook('onClose', async () => clearInterval(steps));
      api.addHook('onClose', async () => outcomes.stop());
      api.register(livenessRoutes);
      api.register(releaseRoutes({ services: releases, guards, limitWrites }));
      api.register(canarySeriesRoutes({ series: releases.series, guards }));
      api.register(healthReportRoutes({ health: releases.health, limitReports, origins: config.health.origins }));
    },
    { prefix: '/api' },
  );
  return app;
}

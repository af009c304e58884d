/**
 * POST /api/health — browsers' health reports (docs/releasing.md, "Canary releases"): anonymous,
 * at most HEALTH_REPORT_LIMITS.maxBytes, validated by healthReportSchema, limited per client
 * address (HEALTH_REPORTS_PER_MINUTE, counted before the body is read). Answers 202 { accepted }.
 * The address keys the limit and the per-address cap and is never stored.
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HEALTH_REPORT_LIMITS, healthReportSchema } from 'shared-releases';
import { ApiError, type Limiter, MESSAGES, parsed } from 'service-kit';
import type { HealthService } from '../releases/healthService';

export interface HealthReportRouteDeps {
  health: Pick<HealthService, 'report'>;
  limitReports: Limiter;
}

type Done = (error: Error | null, body?: unknown) => void;

export function healthReportRoutes({ health, limitReports }: HealthReportRouteDeps): FastifyPluginAsync {
  return async (app) => {
    // navigator.sendBeacon sends text/plain: the one type a page may send to another origin without a
    // preflight. In this plugin only (the rest of the API stays JSON-only), it is read as the JSON it
    // carries, with the same parser and UTF-8 check as application/json.
    const parseJson = app.getDefaultJsonParser('error', 'error') as (
      request: FastifyRequest,
      body: string,
      done: Done,
    ) => void;
    app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (request, body: Buffer, done: Done) => {
      if (!isUtf8(body)) return done(new ApiError(400, MESSAGES.invalidUtf8), undefined);
      parseJson(request, body.toString('utf8'), done);
    });

    // Pages on other origins send these (the site's, the service's own being apart): helmet's
    // `same-origin` would make Chromium log a blocked response on the page. Every answer of this
    // plugin, refusals too: a page over its address's limit gets a 429 (a fresh-clone npm test's
    // hydration check saw the console error when the suite's views from 127.0.0.1 reached it). A
    // plugin hook runs after helmet's and before the route's limiter.
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    });

    // Every page view of every visitor ends here: logged only when something goes wrong.
    app.post(
      '/health',
      { onRequest: limitReports, bodyLimit: HEALTH_REPORT_LIMITS.maxBytes, logLevel: 'warn' },
      async (request, reply) => {
        const report = parsed(healthReportSchema, request.body);
        return reply.code(202).send(await health.report(request.ip, report));
      },
    );
  };
}

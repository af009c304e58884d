/**
 * POST /api/health — browsers' health reports (docs/canary-releases.md): anonymous, at most
 * HEALTH_REPORT_LIMITS.maxBytes, validated by healthReportSchema, limited per client address
 * (HEALTH_REPORTS_PER_MINUTE, counted before the body is read), refused with 403 when an `Origin`
 * header names another site than the configured ones. Answers 202 { accepted }: what the report's
 * view token vouched for (healthService.ts). The address keys the limit and is never stored.
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HEALTH_REPORT_LIMITS, healthReportSchema } from 'shared-releases';
import { ApiError, type Limiter, MESSAGES, parsed } from 'service-kit';
import type { HealthService } from '../releases/healthService';
import { RELEASE_MESSAGES } from '../releases/messages';

export interface HealthReportRouteDeps {
  health: Pick<HealthService, 'report'>;
  limitReports: Limiter;
  /** the site's origins (CORS_ORIGINS): a report whose `Origin` is another is refused */
  origins: readonly string[];
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

type Done = (error: Error | null, body?: unknown) => void;

export function healthReportRoutes({ health, limitReports, origins }: HealthReportRouteDeps): FastifyPluginAsync {
  const siteOrigins = new Set(origins.map(originOf));
  /**
   * Another site's page (any page can make a browser send a beacon anywhere) is refused before the
   * body is read or the address's limit is used. No `Origin` (a server, an old browser) goes on:
   * its report still needs a valid view token to count.
   */
  const sameSite = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !siteOrigins.has(origin)) {
      throw new ApiError(403, RELEASE_MESSAGES.foreignHealthReport(origin));
    }
  };
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
      { onRequest: [sameSite, limitReports], bodyLimit: HEALTH_REPORT_LIMITS.maxBytes, logLevel: 'warn' },
      async (request, reply) => {
        const report = parsed(healthReportSchema, request.body);
        return reply.code(202).send(await health.report(report));
      },
    );
  };
}

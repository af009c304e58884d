/**
 * GET /api/releases/:remote/:environment/canary/series?version=  — a canary's figures over time
 * beside the live release's, its steps and end (releases/canarySeries.ts): for the remote's team
 * and admins, like the audit log; read only.
 */
import type { FastifyPluginAsync } from 'fastify';
import { canarySeriesQuerySchema } from 'shared-releases';
import { type AuthGuards, parsed } from 'service-kit';
import type { CanarySeriesService } from '../releases/canarySeries';
import { environmentNamed } from './environments';

export interface CanarySeriesRouteDeps {
  series: CanarySeriesService;
  guards: AuthGuards;
}

export function canarySeriesRoutes({ series, guards }: CanarySeriesRouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { remote: string; environment: string } }>(
      '/releases/:remote/:environment/canary/series',
      { onRequest: guards.requireUser },
      async (request) =>
        series.series(
          request.user!,
          request.params.remote,
          environmentNamed(request.params.environment),
          parsed(canarySeriesQuerySchema, request.query),
        ),
    );
  };
}

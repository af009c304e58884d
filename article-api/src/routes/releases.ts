/**
 * The release registry as a service (docs/releasing.md):
 *
 *   GET  /api/registry/:environment                      public; ETag, 304, no-cache (like the article list)
 *   GET  /api/releases                                   the remotes this account may release, per environment
 *   GET  /api/releases/audit?remote=&environment=&limit=&before=
 *                                                        a page of the audit log, newest first, and
 *                                                        nextBefore: the next page's `before`
 *   POST /api/releases/:remote/:environment              { version, sourceCommit?, canaryPercent? }: a new
 *                                                        release (201 FlipResult), or with canaryPercent a
 *                                                        canary beside the live one (201 CanaryResult)
 *   POST /api/releases/:remote/:environment/promote      { version }: a released version, same folder
 *   POST /api/releases/:remote/:environment/rollback     {}: the one before the live one
 *   POST /api/releases/:remote/:environment/canary       { percent }: the running canary's share
 *   POST /api/releases/:remote/:environment/canary/promote  {}: the canary becomes the live release
 *   POST /api/releases/:remote/:environment/canary/abort    {}: the canary cleared, the live one kept
 *
 * Every write needs a token, a known remote and environment and a strict body (400/404 before
 * anything is written); team, gate and canary decisions are the services' (src/releases/).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  auditQuerySchema,
  canaryBodySchema,
  emptyBodySchema,
  promoteBodySchema,
  releaseBodySchema,
  rollbackBodySchema,
} from 'shared-releases';
import type { AuthGuards } from '../auth/guards';
import type { ReleaseServices } from '../releases/services';
import { answeredNotModified, sendVersionHeaders } from './contentVersion';
import { environmentNamed, parsed } from './parsing';
import type { Limiter } from './rateLimits';

export interface ReleaseRouteDeps {
  services: Pick<ReleaseServices, 'releases' | 'canaries'>;
  guards: AuthGuards;
  limitWrites: Limiter;
}

interface TargetParams {
  remote: string;
  environment: string;
}

/** A release call's body is a version id, a commit and a share: 1 KB is generous. */
const RELEASE_BODY_LIMIT = 1024;

export function releaseRoutes({ services, guards, limitWrites }: ReleaseRouteDeps): FastifyPluginAsync {
  const { releases: service, canaries } = services;
  return async (app) => {
    // Every web server asks once a second (mostly a 304): logged only when something goes wrong.
    app.get<{ Params: { environment: string } }>(
      '/registry/:environment',
      { logLevel: 'warn' },
      async (request, reply) => {
        const environment = environmentNamed(request.params.environment);
        const registry = await service.registry(environment);
        if (answeredNotModified(request, reply, registry.version)) return reply;
        return sendVersionHeaders(reply, registry.version).send({ environment, ...registry });
      },
    );

    app.get('/releases', { onRequest: guards.requireUser }, async (request) => service.overview(request.user!));

    app.get('/releases/audit', { onRequest: guards.requireUser }, async (request) => {
      return service.audit(request.user!, parsed(auditQuerySchema, request.query));
    });

    /** The checks every write makes before the services decide anything. */
    const target = async (request: FastifyRequest<{ Params: TargetParams }>, reply: Parameters<Limiter>[1]) => {
      const remote = service.remoteNamed(request.params.remote);
      const environment = environmentNamed(request.params.environment);
      await limitWrites(request, reply);
      return { user: request.user!, remote, environment };
    };
    const writeOptions = { onRequest: guards.requireUser, bodyLimit: RELEASE_BODY_LIMIT };
    const post = (
      path: string,
      handle: (
        request: FastifyRequest<{ Params: TargetParams }>,
        checked: Awaited<ReturnType<typeof target>>,
      ) => Promise<unknown>,
      status = 200,
    ) =>
      app.post<{ Params: TargetParams }>(
        `/releases/:remote/:environment${path}`,
        writeOptions,
        async (request, reply) => reply.code(status).send(await handle(request, await target(request, reply))),
      );

    post(
      '',
      async (request, { user, remote, environment }) => {
        const { canaryPercent, ...body } = parsed(releaseBodySchema, request.body);
        return canaryPercent === undefined
          ? service.release(user, remote, environment, body)
          : canaries.start(user, remote, environment, Object.assign({ canaryPercent }, body));
      },
      201,
    );
    post('/promote', async (request, { user, remote, environment }) =>
      service.promote(user, remote, environment, parsed(promoteBodySchema, request.body)),
    );
    post('/rollback', async (request, { user, remote, environment }) => {
      parsed(rollbackBodySchema, request.body);
      return service.rollback(user, remote, environment);
    });
    post('/canary', async (request, { user, remote, environment }) =>
      canaries.setPercent(user, remote, environment, parsed(canaryBodySchema, request.body).percent),
    );
    post('/canary/promote', async (request, { user, remote, environment }) => {
      parsed(emptyBodySchema, request.body);
      return canaries.promote(user, remote, environment);
    });
    post('/canary/abort', async (request, { user, remote, environment }) => {
      parsed(emptyBodySchema, request.body);
      return canaries.abort(user, remote, environment);
    });
  };
}

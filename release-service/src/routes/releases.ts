/**
 * The release registry as a service (docs/releasing.md):
 *
 *   GET  /api/registry/:environment                      public; ETag, 304, no-cache (like the article list)
 *   GET  /api/releases                                   the remotes this account may release, per environment
 *   GET  /api/releases/audit?remote=&environment=&limit=&before=
 *                                                        a page of the audit log, newest first, and
 *                                                        nextBefore: the next page's `before`
 *   GET  /api/releases/operations/:id                    the outcome stored under this operation id
 *   GET  /api/releases/:remote/versions/:version         where a version is named (live, canary, history)
 *   POST /api/releases/:remote/:environment              { version, sourceCommit?, canaryPercent?, canaryPlan?, expectedLive? }:
 *                                                        a new release (201 FlipResult), or with canaryPercent
 *                                                        a canary beside the live one (201 CanaryResult)
 *   POST /api/releases/:remote/:environment/promote      { version, expectedLive? }: a released version, same folder
 *   POST /api/releases/:remote/:environment/rollback     { expectedLive }: the one before the live one
 *   POST /api/releases/:remote/:environment/canary       { percent, expectedCanary }: the running canary's share
 *   POST /api/releases/:remote/:environment/canary/promote  { expectedCanary }: the canary becomes the live release
 *   POST /api/releases/:remote/:environment/canary/abort    { expectedCanary }: the canary cleared
 *   POST /api/releases/:remote/:environment/canary/pause    { expectedCanary }: a planned canary's steps held
 *   POST /api/releases/:remote/:environment/canary/resume   { expectedCanary }: …and let go again
 *
 * Every write needs a token, an Idempotency-Key (releaseOperations.ts), a known remote and
 * environment and a strict body (400/404 before anything is written); a stated state that is not
 * current is a 409; team, gate and canary decisions are the services' (src/releases/).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  auditQuerySchema,
  canaryBodySchema,
  canaryDecisionBodySchema,
  versionIdSchema,
  promoteBodySchema,
  releaseBodySchema,
  rollbackBodySchema,
} from 'shared-releases';
import { answeredNotModified, type AuthGuards, type Limiter, parsed, sendVersionHeaders } from 'service-kit';
import type { OperationContext } from '../releases/operations';
import type { ReleaseServices } from '../releases/services';
import { environmentNamed } from './environments';
import { once, operationOutcome } from './releaseOperations';

export interface ReleaseRouteDeps {
  services: Pick<ReleaseServices, 'releases' | 'canaries' | 'operations'>;
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
  const { releases: service, canaries, operations } = services;
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

    app.get('/releases/audit', { onRequest: guards.requireUser }, async (request) =>
      service.audit(request.user!, parsed(auditQuerySchema, request.query)),
    );

    app.get<{ Params: { id: string } }>(
      '/releases/operations/:id',
      { onRequest: guards.requireUser },
      async (request) => operationOutcome(operations, request, request.params.id),
    );

    app.get<{ Params: { remote: string; version: string } }>(
      '/releases/:remote/versions/:version',
      { onRequest: guards.requireUser },
      async (request) => {
        const target = service.remoteNamed(request.params.remote);
        const version = parsed(versionIdSchema, request.params.version);
        return operations.versionUsage(target, version);
      },
    );

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
        operation: OperationContext,
      ) => Promise<unknown>,
      status = 200,
    ) =>
      app.post<{ Params: TargetParams }>(
        `/releases/:remote/:environment${path}`,
        writeOptions,
        async (request, reply) => {
          const checked = await target(request, reply);
          return once(operations, request, reply, status, (operation) => handle(request, checked, operation));
        },
      );

    post(
      '',
      async (request, { user, remote, environment }, operation) => {
        const { canaryPercent, canaryPlan, ...body } = parsed(releaseBodySchema, request.body);
        // A plan alone starts at its first step.
        const percent = canaryPercent ?? canaryPlan?.steps[0];
        return percent === undefined
          ? service.release(user, remote, environment, body, operation)
          : canaries.start(
              user,
              remote,
              environment,
              Object.assign({ canaryPercent: percent, canaryPlan }, body),
              operation,
            );
      },
      201,
    );
    post('/promote', async (request, { user, remote, environment }, operation) =>
      service.promote(user, remote, environment, parsed(promoteBodySchema, request.body), operation),
    );
    post('/rollback', async (request, { user, remote, environment }, operation) =>
      service.rollback(user, remote, environment, parsed(rollbackBodySchema, request.body), operation),
    );
    post('/canary', async (request, { user, remote, environment }, operation) =>
      canaries.setPercent(user, remote, environment, parsed(canaryBodySchema, request.body), operation),
    );
    post('/canary/promote', async (request, { user, remote, environment }, operation) =>
      canaries.promote(user, remote, environment, parsed(canaryDecisionBodySchema, request.body), operation),
    );
    post('/canary/pause', async (request, { user, remote, environment }, operation) =>
      canaries.hold(
        user,
        remote,
        environment,
        { paused: true, ...parsed(canaryDecisionBodySchema, request.body) },
        operation,
      ),
    );
    post('/canary/resume', async (request, { user, remote, environment }, operation) =>
      canaries.hold(
        user,
        remote,
        environment,
        { paused: false, ...parsed(canaryDecisionBodySchema, request.body) },
        operation,
      ),
    );
    post('/canary/abort', async (request, { user, remote, environment }, operation) =>
      canaries.abort(user, remote, environment, parsed(canaryDecisionBodySchema, request.body), operation),
    );
  };
}

/**
 * The release registry as a service (docs/releasing.md):
 *
 *   GET  /api/registry/:environment                      public; ETag, 304, no-cache (like the article list)
 *   GET  /api/releases                                   the remotes this account may release, per environment
 *   GET  /api/releases/audit?remote=&environment=&limit= the audit log, newest first
 *   POST /api/releases/:remote/:environment              { version, sourceCommit? }: a new release
 *   POST /api/releases/:remote/:environment/promote      { version }: a released version, same folder
 *   POST /api/releases/:remote/:environment/rollback     {}: the one before the live one
 *
 * Every write needs a token, a known remote and environment and a strict body (400/404 before
 * anything is written); team and gate decisions are the service's (releases/releaseService.ts).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  auditQuerySchema,
  isReleaseEnvironment,
  promoteBodySchema,
  RELEASE_ENVIRONMENTS,
  type ReleaseEnvironment,
  releaseBodySchema,
  rollbackBodySchema,
} from 'shared-releases';
import type { z } from 'zod';
import type { AuthGuards } from '../auth/guards';
import { ApiError, MESSAGES } from '../errors';
import { RELEASE_MESSAGES } from '../releases/messages';
import type { ReleaseService } from '../releases/releaseService';
import { answeredNotModified, sendVersionHeaders } from './contentVersion';
import type { Limiter } from './rateLimits';

export interface ReleaseRouteDeps {
  service: ReleaseService;
  guards: AuthGuards;
  limitWrites: Limiter;
}

interface TargetParams {
  remote: string;
  environment: string;
}

/** A release call's body is a version id and a commit: 1 KB is generous. */
const RELEASE_BODY_LIMIT = 1024;

function environmentNamed(name: string): ReleaseEnvironment {
  if (!isReleaseEnvironment(name))
    throw new ApiError(404, RELEASE_MESSAGES.unknownEnvironment(name, RELEASE_ENVIRONMENTS));
  return name;
}

/** A Japanese sentence for each of zod's issues: its own message when the schema wrote one. */
function messageOf(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') return `使えない項目があります: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type') {
    return field === '' ? MESSAGES.badRequest : `${field} の形式が正しくありません。`;
  }
  // The schemas' own messages (shared-releases/src/schemas.ts) are Japanese already.
  return JAPANESE.test(issue.message) ? issue.message : `${field || 'リクエスト'} の値が正しくありません。`;
}
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

function parsed<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  // No body at all is an empty one; a JSON null is a body of the wrong type.
  const result = schema.safeParse(value === undefined ? {} : value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= messageOf(issue);
  const first = Object.values(fields)[0] ?? MESSAGES.badRequest;
  throw new ApiError(400, first, fields);
}

export function releaseRoutes({ service, guards, limitWrites }: ReleaseRouteDeps): FastifyPluginAsync {
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
      const query = parsed(auditQuerySchema, request.query);
      return { entries: await service.audit(request.user!, query) };
    });

    /** The checks every write makes before the service decides anything. */
    const target = async (request: FastifyRequest<{ Params: TargetParams }>, reply: Parameters<Limiter>[1]) => {
      const remote = service.remoteNamed(request.params.remote);
      const environment = environmentNamed(request.params.environment);
      await limitWrites(request, reply);
      return { user: request.user!, remote, environment };
    };
    const writeOptions = { onRequest: guards.requireUser, bodyLimit: RELEASE_BODY_LIMIT };

    app.post<{ Params: TargetParams }>('/releases/:remote/:environment', writeOptions, async (request, reply) => {
      const { user, remote, environment } = await target(request, reply);
      const body = parsed(releaseBodySchema, request.body);
      return reply.code(201).send(await service.release(user, remote, environment, body));
    });

    app.post<{ Params: TargetParams }>(
      '/releases/:remote/:environment/promote',
      writeOptions,
      async (request, reply) => {
        const { user, remote, environment } = await target(request, reply);
        return service.promote(user, remote, environment, parsed(promoteBodySchema, request.body));
      },
    );

    app.post<{ Params: TargetParams }>(
      '/releases/:remote/:environment/rollback',
      writeOptions,
      async (request, reply) => {
        const { user, remote, environment } = await target(request, reply);
        parsed(rollbackBodySchema, request.body);
        return service.rollback(user, remote, environment);
      },
    );
  };
}

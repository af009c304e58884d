/**
 * A limiter a route calls itself (from an onRequest hook or a handler), so that each service
 * decides what it counts and when: e.g. requests without a valid token per address before any work
 * is done for them, writes per verified user, anonymous reports per address. The key names the
 * limiter, so one shared store keeps several limiters apart.
 */
import type {} from '@fastify/rate-limit'; // app.createRateLimit(): registered by the service's app
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, MESSAGES } from './errors';

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface LimitRule {
  max: number;
  windowMs: number;
}

/** Counts one request under `keyOf(request)`; over `max` in the window it is a 429 with Retry-After. */
export function createLimiter(
  app: FastifyInstance,
  { max, windowMs }: LimitRule,
  keyOf: (request: FastifyRequest) => string,
): Limiter {
  const check = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: keyOf });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
    throw new ApiError(429, MESSAGES.tooManyRequests);
  };
}

/** The two limiters every service with signed-in writes needs. */
export function createAuthLimits(
  app: FastifyInstance,
  config: { writeRateLimit: LimitRule; anonymousRateLimit: LimitRule },
) {
  return {
    /** Counts one request that carried no valid token; 429 once its address is over the limit. */
    unauthenticated: createLimiter(app, config.anonymousRateLimit, (request) => `unauthenticated:${request.ip}`),
    /** Counts one write of the verified `request.user`; 429 once that user is over the limit. */
    writesPerUser: createLimiter(app, config.writeRateLimit, (request) => `writes:${request.user?.uid ?? request.ip}`),
  };
}

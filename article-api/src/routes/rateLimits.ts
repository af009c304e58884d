/**
 * Three limiters, so that nobody's junk can use up an admin's allowance (behind a proxy every
 * client may share one address):
 * - requests without a valid token, per client address, counted before any work is done for them
 *   (no body read, no database) — a flood of anonymous or forged writes ends in 429s;
 * - writes per signed-in user, counted after the token is verified;
 * - health reports (POST /api/health, anonymous) per client address and minute, before the body is read.
 * The keys name the limiter, so one shared store (routes share it) keeps them apart.
 */
import type {} from '@fastify/rate-limit'; // app.createRateLimit(): registered by app.ts
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { ApiError, MESSAGES } from '../errors';

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RateLimits {
  /** Counts one request that carried no valid token; 429 once its address is over the limit. */
  unauthenticated: Limiter;
  /** Counts one write of the verified `request.user`; 429 once that user is over the limit. */
  writesPerUser: Limiter;
  /** Counts one health report of the client address; 429 once it is over HEALTH_REPORTS_PER_MINUTE. */
  healthReports: Limiter;
}

export function createRateLimits(
  app: FastifyInstance,
  config: Pick<AppConfig, 'writeRateLimit' | 'anonymousRateLimit' | 'health'>,
): RateLimits {
  const limiter = (
    { max, windowMs }: { max: number; windowMs: number },
    keyOf: (request: FastifyRequest) => string,
  ): Limiter => {
    const check = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: keyOf });
    return async (request, reply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      throw new ApiError(429, MESSAGES.tooManyRequests);
    };
  };
  return {
    unauthenticated: limiter(config.anonymousRateLimit, (request) => `unauthenticated:${request.ip}`),
    writesPerUser: limiter(config.writeRateLimit, (request) => `writes:${request.user?.uid ?? request.ip}`),
    healthReports: limiter(
      { max: config.health.reportsPerMinute, windowMs: 60_000 },
      (request) => `health:${request.ip}`,
    ),
  };
}

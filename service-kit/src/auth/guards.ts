/**
 * onRequest guards: they run before the body is read, so an anonymous client cannot make the
 * service parse (or size-check) a body it would refuse anyway. Every refusal for a missing or
 * invalid token is counted per client address (routes/rateLimits.ts): over the limit it is a 429.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAdmin as isAdminUser } from 'shared-core';
import { ApiError, MESSAGES } from '../errors';
import type { AuthenticatedUser, VerifyToken } from './types';

export interface GuardOptions {
  verifyToken: VerifyToken;
  adminEmails: readonly string[];
  /**
   * Outside the emulator an admin's e-mail must also be verified (Google accounts always are).
   * Emulator sign-ups are never verified, so there the e-mail alone decides.
   */
  requireVerifiedEmail: boolean;
  /** Counts a request refused for its token; throws a 429 once its address has too many. */
  limitUnauthenticated: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface AuthGuards {
  /** Any signed-in user: 401 without a valid token. */
  requireUser: Guard;
  /** An admin: 401 without a valid token, 403 for a signed-in non-admin. */
  requireAdmin: Guard;
  isAdmin(user: Pick<AuthenticatedUser, 'email' | 'emailVerified'>): boolean;
}

const BEARER = /^Bearer +([^\s]+)$/i;

export function createAuthGuards({
  verifyToken,
  adminEmails,
  requireVerifiedEmail,
  limitUnauthenticated,
}: GuardOptions): AuthGuards {
  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthenticatedUser> {
    const header = request.headers.authorization;
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    if (!token) {
      await limitUnauthenticated(request, reply); // nothing else is done for a request without a token
      throw new ApiError(401, header ? MESSAGES.invalidToken : MESSAGES.unauthorized);
    }
    // A token is checked before the address's counter: an admin behind the same proxy as a flood
    // of forged tokens still gets through. Refusing a forgery costs one local signature check.
    try {
      return await verifyToken(token);
    } catch (error) {
      // The reason helps operators; the token itself is never logged.
      const reason = (error as { code?: unknown }).code ?? (error instanceof Error ? error.message : 'unknown');
      request.log.info({ reason }, 'ID token rejected');
      await limitUnauthenticated(request, reply);
      throw new ApiError(401, MESSAGES.invalidToken);
    }
  }

  // The one rule the browser's admin flag uses too (shared-core).
  const isAdmin: AuthGuards['isAdmin'] = (user) => isAdminUser(user, { adminEmails, requireVerifiedEmail });

  return {
    isAdmin,
    async requireUser(request, reply) {
      request.user = await authenticate(request, reply);
    },
    async requireAdmin(request, reply) {
      request.user = await authenticate(request, reply);
      if (!isAdmin(request.user)) throw new ApiError(403, MESSAGES.forbidden);
    },
  };
}

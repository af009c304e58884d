/**
 * onRequest guards: they run before the body is read, so an anonymous client cannot make the
 * service parse (or size-check) a body it would refuse anyway.
 */
import type { FastifyRequest } from 'fastify';
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
}

export type Guard = (request: FastifyRequest) => Promise<void>;

export interface AuthGuards {
  /** Any signed-in user: 401 without a valid token. */
  requireUser: Guard;
  /** An admin: 401 without a valid token, 403 for a signed-in non-admin. */
  requireAdmin: Guard;
  isAdmin(user: Pick<AuthenticatedUser, 'email' | 'emailVerified'>): boolean;
}

const BEARER = /^Bearer +([^\s]+)$/i;

export function createAuthGuards({ verifyToken, adminEmails, requireVerifiedEmail }: GuardOptions): AuthGuards {
  async function authenticate(request: FastifyRequest): Promise<AuthenticatedUser> {
    const header = request.headers.authorization;
    if (!header) throw new ApiError(401, MESSAGES.unauthorized);
    const token = BEARER.exec(header)?.[1];
    if (!token) throw new ApiError(401, MESSAGES.invalidToken);
    try {
      return await verifyToken(token);
    } catch (error) {
      // The reason helps operators; the token itself is never logged.
      const reason = (error as { code?: unknown }).code ?? (error instanceof Error ? error.message : 'unknown');
      request.log.info({ reason }, 'ID token rejected');
      throw new ApiError(401, MESSAGES.invalidToken);
    }
  }

  // The one rule the browser's admin flag uses too (shared-core).
  const isAdmin: AuthGuards['isAdmin'] = (user) => isAdminUser(user, { adminEmails, requireVerifiedEmail });

  return {
    isAdmin,
    async requireUser(request) {
      request.user = await authenticate(request);
    },
    async requireAdmin(request) {
      request.user = await authenticate(request);
      if (!isAdmin(request.user)) throw new ApiError(403, MESSAGES.forbidden);
    },
  };
}

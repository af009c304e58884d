/**
 * Sign-in for a service, wired the same way everywhere: firebase-admin created on first use and
 * closed with the app (tests inject their own verifier), the rate-limit plugin on the store the
 * service's storage offers, and the guards with the per-address limit on missing or bad tokens.
 */
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { CommonConfig } from '../config';
import { createAuthLimits } from '../rateLimits';
import { createFirebaseAuthBackend, type FirebaseAuthBackend } from './firebase';
import { createAuthGuards } from './guards';
import type { ListUsers, VerifyToken } from './types';

export interface AuthOverrides {
  /** Defaults to firebase-admin's verifyIdToken for the configured project or emulator. */
  verifyToken?: VerifyToken | undefined;
  /** Defaults to firebase-admin's listUsers. */
  listUsers?: ListUsers | undefined;
}

/** The token verifier and user lister of `config`'s project (or the emulator), closed with `app`. */
export function firebaseAuthOf(
  app: FastifyInstance,
  config: Pick<CommonConfig, 'firebaseProjectId' | 'authEmulatorHost'>,
  overrides: AuthOverrides = {},
): { verifyToken: VerifyToken; listUsers: ListUsers } {
  let firebase: FirebaseAuthBackend | null = null;
  const backend = () =>
    (firebase ??= createFirebaseAuthBackend({
      projectId: config.firebaseProjectId,
      emulatorHost: config.authEmulatorHost,
    }));
  const verifyToken = overrides.verifyToken ?? backend().verifyToken;
  const listUsers = overrides.listUsers ?? backend().listUsers;
  app.addHook('onClose', async () => {
    await firebase?.close();
  });
  return { verifyToken, listUsers };
}

/** Registers the rate-limit plugin on `api` and builds the guards and the write limit. */
export async function registerGuards(
  api: FastifyInstance,
  config: Pick<CommonConfig, 'adminEmails' | 'authEmulatorHost' | 'writeRateLimit' | 'anonymousRateLimit'>,
  verifyToken: VerifyToken,
  rateLimitStore: FastifyRateLimitStoreCtor | null,
) {
  // global: false — the guards and routes call the limiters themselves. Counters live where every
  // instance sees them (PostgreSQL) or in this process (SQLite: one instance). When the counter
  // store fails, requests go on: the write behind them needs the same database.
  await api.register(rateLimit, { global: false, store: rateLimitStore ?? undefined, skipOnError: true });
  const limits = createAuthLimits(api, config);
  const guards = createAuthGuards({
    verifyToken,
    adminEmails: config.adminEmails,
    requireVerifiedEmail: config.authEmulatorHost === null,
    limitUnauthenticated: limits.unauthenticated,
  });
  return { guards, limitWrites: limits.writesPerUser };
}

/**
 * Token verification and the user list through firebase-admin. No service-account credentials:
 * verifyIdToken needs only the project id (Google's public keys, or the emulator).
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import type { AuthUserSummary, ListUsers, VerifyToken } from './types';

export interface FirebaseAuthOptions {
  projectId: string;
  /** host:port of the Auth emulator, or null for the real project. */
  emulatorHost: string | null;
}

export interface FirebaseAuthBackend {
  verifyToken: VerifyToken;
  listUsers: ListUsers;
  close(): Promise<void>;
}

const MAX_LISTED_USERS = 10_000;

function isoOrNull(time: string | null | undefined): string | null {
  if (!time) return null;
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function toSummary(user: UserRecord): AuthUserSummary {
  return {
    uid: user.uid,
    email: user.email ?? null,
    emailVerified: user.emailVerified,
    displayName: user.displayName ?? null,
    createdAt: isoOrNull(user.metadata.creationTime),
    lastSignInAt: isoOrNull(user.metadata.lastSignInTime),
  };
}

/** The `teams` custom claim: a list of short names; anything else counts as no team. */
export function teamsClaim(claim: unknown): string[] {
  if (!Array.isArray(claim)) return [];
  return claim.filter((team): team is string => typeof team === 'string' && /^[a-z0-9-]{1,64}$/.test(team));
}

/** Raised instead of verifying when firebase-admin would no longer check tokens the configured way. */
export class AuthModeChangedError extends Error {
  readonly code = 'article-api/auth-mode-changed';
  constructor(configured: string | null, current: string | null) {
    super(
      `FIREBASE_AUTH_EMULATOR_HOST is ${current ?? 'unset'}, but this service was configured with ${configured ?? 'no emulator'}`,
    );
    this.name = 'AuthModeChangedError';
  }
}

export function createFirebaseAuthBackend({ projectId, emulatorHost }: FirebaseAuthOptions): FirebaseAuthBackend {
  // firebase-admin finds the emulator only through this variable; config.ts decided its value.
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;

  /**
   * firebase-admin re-reads the variable on every call and, when it is set, accepts unsigned
   * tokens. Should anything in the process change it later (another instance, a library), refuse
   * rather than verify in a mode this service was not configured for: fail closed.
   */
  const assertConfiguredMode = () => {
    const current = process.env.FIREBASE_AUTH_EMULATOR_HOST || null;
    if (current !== emulatorHost) throw new AuthModeChangedError(emulatorHost, current);
  };

  // A uniquely named app, so several service instances (tests) can live in one process.
  const app = initializeApp({ projectId }, `article-api-${randomUUID()}`);
  const auth = getAuth(app);

  return {
    async verifyToken(idToken) {
      assertConfiguredMode();
      const decoded = await auth.verifyIdToken(idToken);
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified === true,
        teams: teamsClaim(decoded.teams),
      };
    },
    async listUsers() {
      assertConfiguredMode();
      const users: AuthUserSummary[] = [];
      let pageToken: string | undefined;
      do {
        const page = await auth.listUsers(1000, pageToken);
        users.push(...page.users.map(toSummary));
        pageToken = page.pageToken;
      } while (pageToken && users.length < MAX_LISTED_USERS);
      return users;
    },
    close: () => deleteApp(app),
  };
}

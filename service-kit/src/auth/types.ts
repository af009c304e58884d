/** The identity of a request's verified Firebase ID token. */
export interface AuthenticatedUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /**
   * Release teams (workspace names, e.g. admin-console) from the token's `teams` custom claim, set
   * with firebase-admin's setCustomUserClaims; empty when absent or malformed.
   */
  teams?: string[];
}

/** Resolves the token's user, or rejects when the token is invalid, expired or of another project. */
export type VerifyToken = (idToken: string) => Promise<AuthenticatedUser>;

/** A Firebase Auth account as the admin user list shows it (ISO 8601 dates). */
export interface AuthUserSummary {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  createdAt: string | null;
  lastSignInAt: string | null;
}

export type ListUsers = () => Promise<AuthUserSummary[]>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guards on protected routes; null elsewhere. */
    user: AuthenticatedUser | null;
  }
}

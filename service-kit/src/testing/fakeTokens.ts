/** The tokens a service's tests sign in with, and a verifier that knows only them. */
import type { AuthenticatedUser, VerifyToken } from '../auth/types';

export const TOKENS = {
  admin: 'token-admin',
  user: 'token-user',
  unverifiedAdmin: 'token-unverified-admin',
} as const;

const USERS: Record<string, AuthenticatedUser> = {
  [TOKENS.admin]: { uid: 'uid-admin', email: 'Admin@Example.com', emailVerified: true },
  [TOKENS.user]: { uid: 'uid-user', email: 'user@example.com', emailVerified: true },
  [TOKENS.unverifiedAdmin]: { uid: 'uid-unverified', email: 'admin@example.com', emailVerified: false },
};

/** Accepts only the tokens above, like firebase-admin rejects anything it did not issue. */
export const fakeVerifyToken: VerifyToken = async (token) => {
  const user = USERS[token];
  if (!user) throw Object.assign(new Error('Decoding Firebase ID token failed.'), { code: 'auth/argument-error' });
  return user;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const asAdmin = bearer(TOKENS.admin);
export const asUser = bearer(TOKENS.user);

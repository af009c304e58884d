import type { AuthContextValue, UserProfile } from '../types';
import { signedOutValue } from './AuthTestProvider';

/** A verified operator's profile; tests override what they assert on. */
export function testUser(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    uid: 'u1',
    email: 'operator@example.com',
    displayName: null,
    photoURL: null,
    emailVerified: true,
    createdAt: null,
    lastSignInTime: null,
    ...overrides,
  };
}

/**
 * An auth context signed in as `profile` (Firebase has answered), for AuthTestProvider or the
 * test kit's `auth` option. Every action is a jest.fn() that succeeds unless overridden.
 */
export function signedIn(
  profile: UserProfile = testUser(),
  overrides: Partial<AuthContextValue> = {},
): AuthContextValue {
  return {
    ...signedOutValue,
    currentUser: profile,
    userProfile: profile,
    signInWithGoogle: jest.fn(async () => ({ success: true })),
    updateUserProfile: jest.fn(async () => ({ success: true })),
    sendVerificationEmail: jest.fn(async () => ({ success: true })),
    logout: jest.fn(async () => ({ success: true })),
    clearMessages: jest.fn(),
    getIdToken: jest.fn(async () => 'id-token'),
    ...overrides,
  };
}

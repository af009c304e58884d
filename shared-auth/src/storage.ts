import { readJson, readString, removeKey, storageKeys, writeJson, writeString } from 'shared-core';
import { isLocalPath } from './redirectPaths';
import type { UserProfile } from './types';

/**
 * The auth values kept in localStorage (spec section 3). Anything hand-edited or malformed is
 * discarded on read; in particular only a real boolean `true` restores the admin flag.
 */
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';

function isStoredProfile(value: unknown): value is UserProfile {
  if (typeof value !== 'object' || value === null) return false;
  const profile = value as Record<string, unknown>;
  return (
    typeof profile.uid === 'string' &&
    profile.uid.length > 0 &&
    typeof profile.email === 'string' &&
    profile.email.length > 0
  );
}

/** Restores the profile only when it has a uid and an email; optional fields are normalised. */
export function readStoredProfile(): UserProfile | null {
  const stored = readJson(storageKeys.userProfile, isStoredProfile);
  if (!stored) return null;
  return {
    uid: stored.uid,
    email: stored.email,
    displayName: isNullableString(stored.displayName) ? stored.displayName : null,
    photoURL: isNullableString(stored.photoURL) ? stored.photoURL : null,
    emailVerified: stored.emailVerified === true,
    createdAt: isNullableString(stored.createdAt) ? stored.createdAt : null,
    lastSignInTime: isNullableString(stored.lastSignInTime) ? stored.lastSignInTime : null,
  };
}

export function readStoredIsAdmin(): boolean {
  return readJson(storageKeys.isAdmin, (value): value is boolean => typeof value === 'boolean') === true;
}

export function readStoredRedirectPath(): string | null {
  const path = readString(storageKeys.loginRedirectPath);
  return path && isLocalPath(path) ? path : null;
}

export function storeSignedInUser(profile: UserProfile, isAdmin: boolean): void {
  writeJson(storageKeys.userProfile, profile);
  writeJson(storageKeys.isAdmin, isAdmin);
}

/** Sign-out forgets the user but keeps the redirect path (spec section 4). */
export function clearStoredUser(): void {
  removeKey(storageKeys.userProfile);
  removeKey(storageKeys.isAdmin);
}

export function storeRedirectPath(path: string): void {
  writeString(storageKeys.loginRedirectPath, path);
}

export function clearStoredRedirectPath(): void {
  removeKey(storageKeys.loginRedirectPath);
}

/** Keys the Firebase SDK writes for a signed-in user or a sign-in redirect under way. */
const FIREBASE_SESSION_KEY = /^firebase:(authUser|pendingRedirect):/;

function storageHasFirebaseSession(storage: () => Storage): boolean {
  try {
    const store = storage();
    for (let i = 0; i < store.length; i++) if (FIREBASE_SESSION_KEY.test(store.key(i) ?? '')) return true;
  } catch {
    /* storage unavailable */
  }
  return false;
}

/**
 * Whether there may be a session for Firebase to confirm: a stored profile, or the SDK's own
 * user or pending-redirect entry. A first-time visitor has none, so the SDK is not downloaded
 * on public pages until they sign in or open a guarded page.
 */
export function hasSessionToConfirm(): boolean {
  return (
    readStoredProfile() !== null ||
    storageHasFirebaseSession(() => window.sessionStorage) ||
    storageHasFirebaseSession(() => window.localStorage)
  );
}

import type { Dispatch } from 'react';
import { adminPolicyOf, getRuntimeConfig, isAdmin as isAdminUser } from 'shared-core';
import type { AuthAction } from './authState';
import { clearStoredUser, storeSignedInUser } from './storage';
import type { UserProfile } from './types';

/**
 * A confirmed user: the admin flag is evaluated anew, with the API's rule (outside the emulator
 * the e-mail must be verified), and both are stored. Release teams come with the token's claims
 * and are never stored: they open a page, so only Firebase's answer may give them.
 */
export function confirmUser(
  dispatch: Dispatch<AuthAction>,
  profile: UserProfile,
  releaseTeams?: readonly string[],
): void {
  const isAdmin = isAdminUser(profile, adminPolicyOf(getRuntimeConfig()));
  storeSignedInUser(profile, isAdmin);
  dispatch({ type: 'signedIn', profile, isAdmin, releaseTeams });
}

/** Signed out: user, profile and admin flag go, the redirect path stays. */
export function forgetUser(dispatch: Dispatch<AuthAction>): void {
  clearStoredUser();
  dispatch({ type: 'signedOut' });
}

export const welcomeName = (profile: UserProfile) => profile.displayName || profile.email;

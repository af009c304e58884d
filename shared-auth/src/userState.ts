import type { Dispatch } from 'react';
import { isAdminEmail } from './admin';
import type { AuthAction } from './authState';
import { clearStoredUser, storeSignedInUser } from './storage';
import type { UserProfile } from './types';

/** A confirmed user: the admin flag is evaluated anew and both are stored. */
export function confirmUser(dispatch: Dispatch<AuthAction>, profile: UserProfile): void {
  const isAdmin = isAdminEmail(profile.email);
  storeSignedInUser(profile, isAdmin);
  dispatch({ type: 'signedIn', profile, isAdmin });
}

/** Signed out: user, profile and admin flag go, the redirect path stays. */
export function forgetUser(dispatch: Dispatch<AuthAction>): void {
  clearStoredUser();
  dispatch({ type: 'signedOut' });
}

export const welcomeName = (profile: UserProfile) => profile.displayName || profile.email;

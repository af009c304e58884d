import type { ProfileChanges, UserProfile } from './types';

/**
 * What the provider needs from the identity SDK. The Firebase implementation lives in
 * ./firebase/session.ts and is loaded lazily; this interface keeps the provider (and every
 * visitor's bundle) free of the SDK.
 */
export interface AuthSession {
  /** The user returned by a redirect sign-in on this page load, null if none; rejects on error. */
  redirectResult(): Promise<UserProfile | null>;
  /**
   * Called with the current user and the release teams of their ID token (custom claim `teams`)
   * once known, then on every sign-in and sign-out.
   */
  onUserChanged(listener: (user: UserProfile | null, releaseTeams: readonly string[]) => void): () => void;
  signInWithPopup(): Promise<UserProfile>;
  /** Leaves the page for the identity provider; rejects if it cannot start. */
  signInWithRedirect(): Promise<void>;
  signOut(): Promise<void>;
  updateProfile(changes: ProfileChanges): Promise<UserProfile>;
  sendVerificationEmail(): Promise<void>;
  getIdToken(): Promise<string | null>;
  isSignedIn(): boolean;
}

import { hasSessionToConfirm, readStoredIsAdmin, readStoredProfile, readStoredRedirectPath } from './storage';
import type { AuthState, UserProfile } from './types';

/** One instance, so a state without teams compares equal to another (the 'restored' check). */
const noTeams: readonly string[] = [];

export type AuthAction =
  // Without releaseTeams (a pop-up sign-in, a profile update) the teams stay: only the auth-state
  // listener reads them from the token.
  | { type: 'signedIn'; profile: UserProfile; isAdmin: boolean; releaseTeams?: readonly string[] }
  | { type: 'signedOut' }
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'succeeded'; message: string }
  | { type: 'messagesCleared' }
  | { type: 'redirectPathChanged'; path: string | null }
  | { type: 'reloadScheduled'; path: string }
  | { type: 'restored'; state: AuthState };

/**
 * Before Firebase answers: the stored profile and admin flag, and `loading` until it does —
 * unless there is no session to confirm at all (a first-time visitor), who is signed out at once.
 */
export function initialAuthState(): AuthState {
  return {
    currentUser: null,
    userProfile: readStoredProfile(),
    isAdmin: readStoredIsAdmin(),
    releaseTeams: noTeams,
    loading: hasSessionToConfirm(),
    authError: null,
    authSuccess: null,
    loginRedirectPath: readStoredRedirectPath(),
    redirectingTo: null,
  };
}

/**
 * What the server renders with (it sees no storage), and so what a hydrating page starts from:
 * nobody signed in, nothing loading. The stored state follows right after hydration.
 */
export function serverAuthState(): AuthState {
  return {
    currentUser: null,
    userProfile: null,
    isAdmin: false,
    releaseTeams: noTeams,
    loading: false,
    authError: null,
    authSuccess: null,
    loginRedirectPath: null,
    redirectingTo: null,
  };
}

const sameState = (a: AuthState, b: AuthState) =>
  (Object.keys(a) as (keyof AuthState)[]).every((key) => Object.is(a[key], b[key]));

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'signedIn':
      return {
        ...state,
        currentUser: action.profile,
        userProfile: action.profile,
        isAdmin: action.isAdmin,
        releaseTeams: action.releaseTeams ?? state.releaseTeams,
      };
    case 'signedOut':
      return { ...state, currentUser: null, userProfile: null, isAdmin: false, releaseTeams: noTeams };
    case 'ready':
      return { ...state, loading: false };
    case 'failed':
      return { ...state, authError: action.message, authSuccess: null };
    case 'succeeded':
      return { ...state, authSuccess: action.message, authError: null };
    case 'messagesCleared':
      return { ...state, authError: null, authSuccess: null };
    case 'redirectPathChanged':
      return { ...state, loginRedirectPath: action.path };
    case 'reloadScheduled':
      return { ...state, redirectingTo: action.path };
    case 'restored':
      // Nothing stored (a first-time visitor): keep the very same state, so no context update
      // reaches server-rendered parts that React has not hydrated yet.
      return sameState(state, action.state) ? state : action.state;
  }
}

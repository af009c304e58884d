// The main entry reaches every visitor (a federation singleton): nothing here may import the
// Firebase SDK, which is loaded on demand from ./firebase/session.ts.
export type { AuthContextValue, UserProfile, SignInResult, SignInOptions, ActionResult, ProfileChanges } from './types';
export { AuthProvider } from './AuthProvider';
export { useAuth } from './AuthContext';
export { RequireAuth } from './RequireAuth';
export { getIdToken } from './idToken';
export { useEagerAuth } from './useEagerAuth';
export { isMobileDevice } from './device';
export { authMessages } from './messages';
export { mountStandalone } from './standalone';

export type { AuthContextValue, UserProfile, SignInResult, ActionResult } from './types';
export { AuthProvider, useAuth } from './AuthProvider';
export { RequireAuth } from './RequireAuth';
export { mountStandalone } from './standalone';

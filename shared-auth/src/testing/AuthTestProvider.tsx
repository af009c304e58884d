import { useMemo, type ReactNode } from 'react';
import { AuthContext, AuthInternalsContext, type AuthInternals } from '../AuthContext';
import { serverAuthState } from '../authState';
import type { AuthContextValue } from '../types';

const signedOutValue: AuthContextValue = {
  ...serverAuthState(),
  signInWithGoogle: async () => ({ success: false, error: 'not available in tests' }),
  updateUserProfile: async () => ({ success: true }),
  sendVerificationEmail: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  clearMessages: () => undefined,
  getIdToken: async () => null,
};

const inertInternals: AuthInternals = { rememberRedirectPath: () => undefined, loadNow: () => undefined };

/**
 * For component tests of the shell and the remotes (`import { AuthTestProvider } from
 * 'shared-auth/testing'`): a fixed auth context, signed out and ready unless `value` says
 * otherwise. Pass jest.fn()s for the actions you assert on. Never loads Firebase.
 */
export function AuthTestProvider({ value, children }: { value?: Partial<AuthContextValue>; children: ReactNode }) {
  const merged = useMemo(() => ({ ...signedOutValue, ...value }), [value]);
  return (
    <AuthInternalsContext.Provider value={inertInternals}>
      <AuthContext.Provider value={merged}>{children}</AuthContext.Provider>
    </AuthInternalsContext.Provider>
  );
}

export { signedOutValue };

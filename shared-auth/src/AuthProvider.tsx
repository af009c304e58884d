// PLATFORM PLACEHOLDER — replaced by the Firebase implementation (issue 5). Signed-out only:
// sign-in sends the visitor to the business login page.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AuthContextValue } from './types';

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode; onSignInStart?: () => void }) {
  const value = useMemo<AuthContextValue>(
    () => ({
      currentUser: null,
      userProfile: null,
      isAdmin: false,
      loading: false,
      authError: null,
      authSuccess: null,
      loginRedirectPath: null,
      signInWithGoogle: async () => ({ success: false, error: 'Googleログインが有効になっていません。' }),
      updateUserProfile: async () => ({ success: false, error: 'ユーザーがログインしていません。' }),
      sendVerificationEmail: async () => ({ success: false, error: 'ユーザーがログインしていません。' }),
      logout: async () => ({ success: true }),
      clearMessages: () => undefined,
      getIdToken: async () => null,
    }),
    [],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}

import { createContext, useContext } from 'react';
import type { AuthContextValue } from './types';

export const AuthContext = createContext<AuthContextValue | null>(null);

/** What the guard needs from the provider beyond the public contract. */
export interface AuthInternals {
  /** Remembers the page a signed-out visitor asked for (stored and in context). */
  rememberRedirectPath: (path: string) => void;
  /** Loads the SDK now instead of at idle time (a guarded page is waiting for it). */
  loadNow: () => void;
}

export const AuthInternalsContext = createContext<AuthInternals | null>(null);

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}

export function useAuthInternals(): AuthInternals {
  const context = useContext(AuthInternalsContext);
  if (!context) throw new Error('useAuthInternals must be used inside AuthProvider');
  return context;
}

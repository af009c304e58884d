import { useMemo, useReducer, type ReactNode } from 'react';
import { AuthContext, AuthInternalsContext, type AuthInternals } from './AuthContext';
import { authReducer, initialAuthState } from './authState';
import { firebaseSessionLoader, type SessionLoader } from './sessionLoader';
import { storeRedirectPath } from './storage';
import type { AuthContextValue } from './types';
import { useAuthActions } from './useAuthActions';
import { useSessionSync } from './useSessionSync';

interface AuthProviderProps {
  children: ReactNode;
  /** Called when a sign-in starts, e.g. to preload the area the user will land on. */
  onSignInStart?: () => void;
  /** Where the identity SDK comes from; tests pass their own. */
  sessionLoader?: SessionLoader;
}

/**
 * Renders at once from the stored profile, loads Firebase after the first paint, then follows
 * Firebase's answer. One provider serves the shell and every remote (a federation singleton).
 */
export function AuthProvider({ children, onSignInStart, sessionLoader = firebaseSessionLoader }: AuthProviderProps) {
  const [state, dispatch] = useReducer(authReducer, undefined, initialAuthState);
  useSessionSync(sessionLoader, dispatch);
  const actions = useAuthActions(sessionLoader, dispatch, onSignInStart);

  const value = useMemo<AuthContextValue>(() => ({ ...state, ...actions }), [state, actions]);
  const internals = useMemo<AuthInternals>(
    () => ({
      rememberRedirectPath: (path) => {
        storeRedirectPath(path);
        dispatch({ type: 'redirectPathChanged', path });
      },
      loadNow: () => void sessionLoader.load().catch(() => undefined),
    }),
    [sessionLoader],
  );

  return (
    <AuthInternalsContext.Provider value={internals}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </AuthInternalsContext.Provider>
  );
}

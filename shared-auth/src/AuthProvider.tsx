import { startTransition, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { AuthContext, AuthInternalsContext, type AuthInternals } from './AuthContext';
import { authReducer, initialAuthState, serverAuthState } from './authState';
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
  /**
   * The page is server-rendered HTML being hydrated: the first render matches the server's
   * (signed out), and the stored profile is restored right after.
   */
  hydrating?: boolean;
}

/**
 * Renders at once from the stored profile, loads Firebase after the first paint, then follows
 * Firebase's answer. One provider serves the shell and every remote (a federation singleton).
 */
export function AuthProvider({
  children,
  onSignInStart,
  sessionLoader = firebaseSessionLoader,
  hydrating = false,
}: AuthProviderProps) {
  const [state, dispatch] = useReducer(authReducer, hydrating, (fromServer) =>
    fromServer ? serverAuthState() : initialAuthState(),
  );
  const restoreAfterHydration = useRef(hydrating);
  useEffect(() => {
    if (!restoreAfterHydration.current) return;
    restoreAfterHydration.current = false;
    // A transition: React finishes hydrating the server's HTML before it applies the stored profile.
    startTransition(() => dispatch({ type: 'restored', state: initialAuthState() }));
  }, []);
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

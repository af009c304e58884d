import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isMobileDevice, useAuth, type SignInResult } from 'shared-auth';
import { paths } from 'shared-core';

/** Login page errors clear after 5000 ms; the mobile redirect hint shows for 3000 ms (spec 9). */
export const ERROR_CLEAR_MS = 5000;
export const REDIRECT_HINT_MS = 3000;

export const loginPageMessages = {
  failed: 'Googleログインに失敗しました。',
  unexpected: 'ログイン中にエラーが発生しました。',
  redirectHint: 'Googleログインを開始しています。ブラウザがリダイレクトされます...',
} as const;

/** The page a guard sent the visitor away from (navigation state `from`), if it is ours. */
export function fromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const { from } = state;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
}

/** After a pop-up sign-in: the returned path unless empty or the login page itself. */
export function successTarget(result: SignInResult): string {
  return result.redirectPath && result.redirectPath !== paths.businessLogin
    ? result.redirectPath
    : paths.businessDashboard;
}

function useClearAfter(active: boolean, clear: () => void, ms: number) {
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(clear, ms);
    return () => window.clearTimeout(timer);
  }, [active, clear, ms]);
}

/**
 * The Google button's state machine on the login and register pages: idle → busy → (navigate |
 * error | leaving for the redirect). The error shows beside the button, so the header's banner
 * copy of it is dropped to avoid announcing it twice.
 */
export function useGoogleSignIn() {
  const { signInWithGoogle, clearMessages } = useAuth();
  const from = fromState(useLocation().state);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [redirectHint, setRedirectHint] = useState(false);
  const [target, setTarget] = useState<string | null>(null);

  const clearError = useCallback(() => setError(null), []);
  const hideHint = useCallback(() => setRedirectHint(false), []);
  useClearAfter(error !== null, clearError, ERROR_CLEAR_MS);
  useClearAfter(redirectHint, hideHint, REDIRECT_HINT_MS);

  const start = useCallback(async () => {
    setError(null);
    setBusy(true);
    if (isMobileDevice()) setRedirectHint(true);
    try {
      const result = await signInWithGoogle(from ? { redirectPath: from } : undefined);
      if (result.success) {
        // A redirect sign-in leaves the page: stay busy until the browser has gone.
        if (!result.isRedirect) setTarget(successTarget(result));
        return;
      }
      setError(result.error || loginPageMessages.failed);
      clearMessages();
    } catch {
      setError(loginPageMessages.unexpected);
    }
    setBusy(false);
    setRedirectHint(false);
  }, [signInWithGoogle, clearMessages, from]);

  return { start, busy, error, clearError, redirectHint, target, from };
}

import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth, type SignInResult } from 'shared-auth';
import { paths } from 'shared-core';

/**
 * Where the header goes after a pop-up sign-in, in the spec's order of preference: the result's
 * redirect path (unless it is the login page), the saved path (unless /), location state's
 * `from`, then the dashboard.
 */
export function postLoginTarget(result: SignInResult, savedPath: string | null, from: string | undefined): string {
  if (result.redirectPath && result.redirectPath !== paths.businessLogin) return result.redirectPath;
  if (savedPath && savedPath !== paths.home) return savedPath;
  if (from) return from;
  return paths.businessDashboard;
}

/** The footer's simpler rule: the returned redirect path unless empty or the login page. */
export function footerPostLoginTarget(result: SignInResult): string {
  return result.redirectPath && result.redirectPath !== paths.businessLogin
    ? result.redirectPath
    : paths.businessDashboard;
}

type Placement = 'header' | 'footer';

/**
 * The login/logout button of the header and the footer. Both log out to /; after sign-in the
 * header follows `postLoginTarget`, the footer `footerPostLoginTarget`. The header shows the
 * sign-in failure in the banner (the context's authError); the footer only logs (spec section 8).
 *
 * Until Firebase has answered, the stored profile decides the label, so a returning operator
 * sees ログアウト at once.
 */
export function useLoginLogout(placement: Placement = 'header') {
  const { currentUser, userProfile, loading, loginRedirectPath, signInWithGoogle, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = Boolean(currentUser) || (loading && Boolean(userProfile));

  const login = useCallback(async () => {
    try {
      const result = await signInWithGoogle();
      if (!result.success) {
        if (placement === 'footer') console.error(result.error);
        return;
      }
      if (result.isRedirect) return;
      const from = (location.state as { from?: string } | null)?.from;
      const target =
        placement === 'footer' ? footerPostLoginTarget(result) : postLoginTarget(result, loginRedirectPath, from);
      navigate(target, { replace: true });
    } catch (error) {
      console.error(error);
    }
  }, [placement, signInWithGoogle, navigate, location.state, loginRedirectPath]);

  const logoutAndGoHome = useCallback(async () => {
    try {
      const result = await logout();
      if (result.success) navigate(paths.home);
      else if (placement === 'footer') console.error(result.error);
    } catch (error) {
      console.error(error);
    }
  }, [placement, logout, navigate]);

  return { signedIn, login, logout: logoutAndGoHome };
}

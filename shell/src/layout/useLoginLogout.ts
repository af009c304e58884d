import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth, type SignInResult } from 'shared-auth';
import { paths } from 'shared-ui';

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

/** The login/logout button of the header and the footer. */
export function useLoginLogout() {
  const { currentUser, loginRedirectPath, signInWithGoogle, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  const login = useCallback(async () => {
    try {
      const result = await signInWithGoogle();
      if (!result.success || result.isRedirect) return;
      const from = (location.state as { from?: string } | null)?.from;
      navigate(postLoginTarget(result, loginRedirectPath, from), { replace: true });
    } catch (error) {
      console.error(error);
    }
  }, [signInWithGoogle, navigate, location.state, loginRedirectPath]);

  const logoutAndGoHome = useCallback(async () => {
    const result = await logout();
    if (result.success) navigate(paths.home);
  }, [logout, navigate]);

  return { signedIn: Boolean(currentUser), login, logout: logoutAndGoHome };
}

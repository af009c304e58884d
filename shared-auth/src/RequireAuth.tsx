import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from 'shared-core';
import { Spinner } from 'shared-ui';
import { useAuth, useAuthInternals } from './AuthContext';
import { isRememberablePath } from './redirectPaths';

interface RequireAuthProps {
  children: ReactNode;
  requireAdmin?: boolean;
  /** With requireAdmin: a member of a release team who is not an admin may enter too. */
  allowReleaseTeams?: boolean;
}

/**
 * Route guard (spec section 4): a spinner until Firebase has answered; signed-out visitors go to
 * the login page (their path remembered), non-admins on admin routes to the dashboard, unless the
 * route allows release teams and the account has one (docs/releasing.md, the リリース page).
 */
export function RequireAuth({ children, requireAdmin = false, allowReleaseTeams = false }: RequireAuthProps) {
  const { currentUser, isAdmin, releaseTeams, loading } = useAuth();
  const { rememberRedirectPath, loadNow } = useAuthInternals();
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  const signedOut = !loading && !currentUser;

  useEffect(() => {
    if (loading) loadNow();
  }, [loading, loadNow]);

  useEffect(() => {
    if (signedOut && isRememberablePath(from)) rememberRedirectPath(from);
  }, [signedOut, from, rememberRedirectPath]);

  if (loading) return <Spinner label="認証中..." />;
  if (!currentUser) return <Navigate to={paths.businessLogin} replace state={{ from }} />;
  if (requireAdmin && !isAdmin && !(allowReleaseTeams && releaseTeams.length > 0))
    return <Navigate to={paths.businessDashboard} replace />;
  return <>{children}</>;
}

// PLATFORM PLACEHOLDER — replaced by the guard of issue 5.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from 'shared-ui';
import { useAuth } from './AuthProvider';

export function RequireAuth({ children, requireAdmin = false }: { children: ReactNode; requireAdmin?: boolean }) {
  const { currentUser, isAdmin } = useAuth();
  const location = useLocation();
  if (!currentUser) return <Navigate to={paths.businessLogin} replace state={{ from: location.pathname }} />;
  if (requireAdmin && !isAdmin) return <Navigate to={paths.businessDashboard} replace />;
  return <>{children}</>;
}

import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { RequireAuth } from 'shared-auth';
import { NotFoundPage, Spinner } from 'shared-ui';
import { RemoteArea } from '../remotes/RemoteArea';
import { findArea, isOpenToReleaseTeams } from './areas';

// Two pages of the whole site, and the only ones with forms: not part of every visitor's download.
const BusinessLoginPage = lazy(() =>
  import('../pages/auth/BusinessLoginPage').then((m) => ({ default: m.BusinessLoginPage })),
);
const BusinessRegisterPage = lazy(() =>
  import('../pages/auth/BusinessRegisterPage').then((m) => ({ default: m.BusinessRegisterPage })),
);

/**
 * Picks the owner of the current path. A remote renders its own top-level <Routes> with
 * absolute paths, so it is mounted outside any <Route> of the shell.
 */
export function MainContent() {
  const { pathname } = useLocation();
  const area = findArea(pathname);
  if (!area) {
    return (
      <Routes>
        <Route
          path="/business/login"
          element={
            <Suspense fallback={<Spinner label="読み込み中..." />}>
              <BusinessLoginPage />
            </Suspense>
          }
        />
        <Route
          path="/business/register"
          element={
            <Suspense fallback={<Spinner label="読み込み中..." />}>
              <BusinessRegisterPage />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    );
  }
  const remote = <RemoteArea key={area.remote} name={area.remote} />;
  if (area.guard === 'none') return remote;
  return (
    <RequireAuth requireAdmin={area.guard === 'admin'} allowReleaseTeams={isOpenToReleaseTeams(area, pathname)}>
      {remote}
    </RequireAuth>
  );
}

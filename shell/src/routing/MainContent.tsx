import { Route, Routes, useLocation } from 'react-router-dom';
import { RequireAuth } from 'shared-auth';
import { NotFoundPage } from 'shared-ui';
import { RemoteArea } from '../remotes/RemoteArea';
import { BusinessLoginPage } from '../pages/auth/BusinessLoginPage';
import { BusinessRegisterPage } from '../pages/auth/BusinessRegisterPage';
import { findArea } from './areas';

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
        <Route path="/business/login" element={<BusinessLoginPage />} />
        <Route path="/business/register" element={<BusinessRegisterPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    );
  }
  const remote = <RemoteArea key={area.remote} name={area.remote} />;
  if (area.guard === 'none') return remote;
  return <RequireAuth requireAdmin={area.guard === 'admin'}>{remote}</RequireAuth>;
}

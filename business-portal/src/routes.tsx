import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from 'shared-ui';

export default function BusinessPortalRoutes() {
  return (
    <Routes>
      <Route path="/business/dashboard" element={<h1>Dashboard</h1>} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from 'shared-ui';

export default function AdminConsoleRoutes() {
  return (
    <Routes>
      <Route path="/admin" element={<h1>記事管理</h1>} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

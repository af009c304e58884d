import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Routes } from 'react-router-dom';
import { paths } from 'shared-core';
import { ArticleClientProvider, createQueryClient } from 'shared-data';
import { NotFoundPage, type RemoteRoutesModule } from 'shared-ui';
import { RouteErrorBoundary } from 'shared-ui/page';
import { AdminLayout } from './components/AdminLayout';
import { ArticleListPage } from './features/articles/components/ArticleListPage';
import { EditArticlePage } from './features/articles/components/EditArticlePage';
import { NewArticlePage } from './features/articles/components/NewArticlePage';
import { ReleasesPage } from './features/releases/components/ReleasesPage';
import { SettingsPage } from './features/settings/components/SettingsPage';
import { UsersPage } from './features/users/components/UsersPage';
import { releasesPath } from './lib/adminPaths';

/** What a failing admin page says; the menu stays and navigation recovers. */
const PAGE_ERROR = '画面の表示中にエラーが発生しました。';
const page = (element: ReactNode) => <RouteErrorBoundary message={PAGE_ERROR}>{element}</RouteErrorBoundary>;

/**
 * admin-console's routes, mounted by the shell for /admin/* behind RequireAuth requireAdmin
 * (article-api checks the admin again on every call); the shell lets release-team members onto
 * the リリース page too (the release service checks their team on every call). Paths are absolute: the shell renders
 * this outside any <Route>.
 */
function AdminConsoleRoutes() {
  const [queryClient] = useState(() => createQueryClient({ staleTime: 30_000 }));
  return (
    <QueryClientProvider client={queryClient}>
      <ArticleClientProvider>
        <RouteErrorBoundary message={PAGE_ERROR}>
          <AdminLayout>
            <Routes>
              <Route path={paths.admin} element={page(<ArticleListPage title="ダッシュボード" showOverview />)} />
              <Route path={paths.adminArticles} element={page(<ArticleListPage title="記事管理" />)} />
              <Route path={paths.adminNewArticle} element={page(<NewArticlePage />)} />
              <Route path={paths.adminEditArticle(':id')} element={page(<EditArticlePage />)} />
              <Route path={paths.adminUsers} element={page(<UsersPage />)} />
              <Route path={paths.adminSettings} element={page(<SettingsPage />)} />
              <Route path={releasesPath} element={page(<ReleasesPage />)} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </AdminLayout>
        </RouteErrorBoundary>
      </ArticleClientProvider>
    </QueryClientProvider>
  );
}

// The shell loads this module through the shared contract; a change that breaks it fails here.
export default AdminConsoleRoutes satisfies RemoteRoutesModule['default'];

import { QueryClientProvider } from '@tanstack/react-query';
import { ArticleClientProvider, createQueryClient } from 'shared-data';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from 'shared-core';
import { NotFoundPage, type RemoteRoutesModule } from 'shared-ui';
import { RouteErrorBoundary } from 'shared-ui/page';
import { BusinessArticlePage } from './features/article/components/BusinessArticlePage';
import { DashboardPage } from './features/dashboard/components/DashboardPage';
import { ProfilePage } from './features/profile/components/ProfilePage';
import { SettingsPage } from './features/settings/components/SettingsPage';
import { BusinessLayout } from './layout/BusinessLayout';
import { BusinessSettingsProvider } from './lib/BusinessSettingsProvider';

const queryClient = createQueryClient({ staleTime: 60_000 });

/**
 * The business portal, mounted by the shell for /business/* (except login and register) and
 * /profile, behind its sign-in guard. The /business pages share the sidebar layout, which puts
 * each page in its own error boundary. /profile has no sidebar: the spec places the sidebar on
 * business pages, and the shell's footer leaves room for it only under /business, so a sidebar
 * there would cover the footer.
 */
function BusinessPortalRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouteErrorBoundary>
        <ArticleClientProvider>
          <BusinessSettingsProvider>
            <Routes>
              <Route path="/business" element={<Navigate to={paths.businessDashboard} replace />} />
              <Route element={<BusinessLayout />}>
                <Route path={paths.businessDashboard} element={<DashboardPage />} />
                <Route path="/business/articles/:slug" element={<BusinessArticlePage />} />
                <Route path={paths.businessSettings} element={<SettingsPage />} />
                {/* Every other path here is under /business, where the shell's footer leaves the sidebar's room. */}
                <Route path="*" element={<NotFoundPage />} />
              </Route>
              <Route
                path={paths.profile}
                element={
                  <RouteErrorBoundary>
                    <ProfilePage />
                  </RouteErrorBoundary>
                }
              />
            </Routes>
          </BusinessSettingsProvider>
        </ArticleClientProvider>
      </RouteErrorBoundary>
    </QueryClientProvider>
  );
}

// The shell loads this module through the shared contract; a change that breaks it fails here.
export default BusinessPortalRoutes satisfies RemoteRoutesModule['default'];

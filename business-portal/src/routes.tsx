import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from 'shared-core';
import { NotFoundPage } from 'shared-ui';
import { PageBoundary } from './components/PageBoundary';
import { BusinessArticlePage } from './features/article/components/BusinessArticlePage';
import { DashboardPage } from './features/dashboard/components/DashboardPage';
import { ProfilePage } from './features/profile/components/ProfilePage';
import { SettingsPage } from './features/settings/components/SettingsPage';
import { BusinessLayout } from './layout/BusinessLayout';
import { ArticleClientProvider } from './lib/ArticleClientProvider';
import { BusinessSettingsProvider } from './lib/BusinessSettingsProvider';
import { createBusinessQueryClient } from './lib/businessArticles';

const queryClient = createBusinessQueryClient();

/**
 * The business portal, mounted by the shell for /business/* (except login and register) and
 * /profile, behind its sign-in guard. The /business pages share the sidebar layout, which puts
 * each page in its own error boundary. /profile has no sidebar: the spec places the sidebar on
 * business pages, and the shell's footer leaves room for it only under /business, so a sidebar
 * there would cover the footer.
 */
export default function BusinessPortalRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
      <PageBoundary>
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
                  <PageBoundary>
                    <ProfilePage />
                  </PageBoundary>
                }
              />
            </Routes>
          </BusinessSettingsProvider>
        </ArticleClientProvider>
      </PageBoundary>
    </QueryClientProvider>
  );
}

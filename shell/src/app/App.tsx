import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from 'shared-auth';
import { ErrorBoundary, ThemeModeProvider } from 'shared-ui';
import { Layout } from '../layout/Layout';
import { preloadRemoteRoutes } from '../remotes/loadRemoteRoutes';
import { PreviewBanner } from '../remotes/PreviewBanner';
import { MainContent } from '../routing/MainContent';
import { ScrollToTop } from './ScrollToTop';
import { ShellCrash } from './ShellCrash';

const preloadBusinessPortal = () => preloadRemoteRoutes('business_portal');

export function App() {
  return (
    <ThemeModeProvider>
      <ErrorBoundary fallback={() => <ShellCrash />}>
        <BrowserRouter>
          <AuthProvider onSignInStart={preloadBusinessPortal}>
            <ScrollToTop />
            {/* Before the layout: its effect applies an admin's overrides before a remote loads. */}
            <PreviewBanner />
            <Layout>
              <MainContent />
            </Layout>
          </AuthProvider>
        </BrowserRouter>
      </ErrorBoundary>
    </ThemeModeProvider>
  );
}

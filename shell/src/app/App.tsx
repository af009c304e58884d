import type { ReactNode } from 'react';
import { BrowserRouter, MemoryRouter } from 'react-router-dom';
import { AuthProvider } from 'shared-auth';
import { ErrorBoundary, ThemeModeProvider, type ThemeMode } from 'shared-ui';
import { Layout } from '../layout/Layout';
import { preloadRemoteRoutes } from '../remotes/loadRemoteRoutes';
import { PreviewBanner } from '../remotes/PreviewBanner';
import { MainContent } from '../routing/MainContent';
import { ScrollToTop } from './ScrollToTop';
import { ShellCrash } from './ShellCrash';

const preloadBusinessPortal = () => preloadRemoteRoutes('business_portal');

interface AppProps {
  /** Server rendering: the requested path (and query); the browser follows its own location. */
  location?: string;
  /** The theme the server rendered with (server render and hydration). */
  initialMode?: ThemeMode;
  /** Hydrating server-rendered HTML: the first render must match the server's. */
  hydrating?: boolean;
}

function Router({ location, children }: { location?: string; children: ReactNode }) {
  if (location === undefined) return <BrowserRouter>{children}</BrowserRouter>;
  return <MemoryRouter initialEntries={[location]}>{children}</MemoryRouter>;
}

/** The shell: theme, router, auth and the layout around the area that owns the path. */
export function App({ location, initialMode, hydrating = location !== undefined }: AppProps) {
  return (
    <ThemeModeProvider initialMode={initialMode}>
      <ErrorBoundary fallback={() => <ShellCrash />}>
        <Router location={location}>
          <AuthProvider onSignInStart={preloadBusinessPortal} hydrating={hydrating}>
            <ScrollToTop />
            {/* Before the layout: its effect applies an admin's overrides before a remote loads. */}
            <PreviewBanner />
            <Layout>
              <MainContent />
            </Layout>
          </AuthProvider>
        </Router>
      </ErrorBoundary>
    </ThemeModeProvider>
  );
}

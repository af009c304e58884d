import type { ComponentType, ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType, type InitialEntry } from 'react-router-dom';
import type { ArticleClient } from 'shared-articles';
import type { AuthContextValue } from 'shared-auth';
import { AuthTestProvider } from 'shared-auth/testing';
import { ThemeModeProvider } from 'shared-context';
import { ArticleClientProvider } from '../ArticleClientProvider';

export interface AppOptions {
  /** Where the router starts (a path, or a location with state). */
  url?: InitialEntry;
  /** The route pattern the element is mounted at; other paths render nothing but the probe. */
  path?: string;
  /** What `useAuth` answers (AuthTestProvider): signed out unless given. */
  auth?: Partial<AuthContextValue>;
  /** The article client pages get; by default the real one, on the local API (fake `fetch`). */
  articleClient?: ArticleClient;
  queryClient?: QueryClient;
  /** The app's own providers, inside the shell's (e.g. a remote's settings). */
  providers?: ComponentType<{ children: ReactNode }>;
}

/** A fresh cache that never retries: a failure shows at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/** Shows where the router is and how it got there, so tests can assert navigation (no role: an
 * <output> would be one more status for tests to tell apart). */
function LocationProbe() {
  const { pathname } = useLocation();
  return (
    <div data-testid="location" data-navigation={useNavigationType()}>
      {pathname}
    </div>
  );
}

/** The router's path as the probe shows it. */
export const currentPath = (): string | null => screen.getByTestId('location').textContent;

const Fragment = ({ children }: { children: ReactNode }) => children;

/**
 * What the shell gives a remote's routes, for `render` or `renderHook`: theme mode, router, auth,
 * a query cache, the article client, then the app's own providers and a location probe.
 */
export function appWrapper(options: AppOptions = {}) {
  const { url = '/', articleClient, queryClient = testQueryClient(), providers: Own = Fragment } = options;
  // Read at each render, so a rerender can sign in or out.
  const current = { auth: options.auth };
  function TestApp({ children }: { children: ReactNode }) {
    return (
      <ThemeModeProvider>
        <MemoryRouter initialEntries={[url]}>
          <AuthTestProvider value={current.auth}>
            <QueryClientProvider client={queryClient}>
              <ArticleClientProvider client={articleClient}>
                <Own>
                  {children}
                  <LocationProbe />
                </Own>
              </ArticleClientProvider>
            </QueryClientProvider>
          </AuthTestProvider>
        </MemoryRouter>
      </ThemeModeProvider>
    );
  }
  return { wrapper: TestApp, queryClient, current };
}

/**
 * Renders `ui` (a page, or a remote's whole routes module) as the shell would. With `path`, the
 * element is mounted at that route only, so a redirect away from it leaves just the probe.
 */
export function renderApp(ui: ReactElement, options: AppOptions = {}) {
  const { wrapper, queryClient, current } = appWrapper(options);
  const element = options.path ? (
    <Routes>
      <Route path={options.path} element={ui} />
      <Route path="*" element={null} />
    </Routes>
  ) : (
    ui
  );
  const result = render(element, { wrapper });
  /** Renders again with another auth state (a sign-in or sign-out while the page is shown). */
  const changeAuth = (auth: Partial<AuthContextValue>) => {
    current.auth = auth;
    result.rerender(element);
  };
  return { ...result, queryClient, changeAuth };
}

import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ArticleClient } from 'shared-articles';
import { ArticleClientProvider } from 'shared-data';
import { ThemeModeProvider } from 'shared-ui';
import { BusinessSettingsProvider } from '../lib/BusinessSettingsProvider';
import { fakeArticleClient } from './fakes';

interface RenderPortalOptions {
  /** The URL the router starts at. */
  route?: string;
  /** The route pattern `ui` is mounted at; other paths render nothing but the location probe. */
  path?: string;
  client?: ArticleClient;
  queryClient?: QueryClient;
}

/** Shows where the router is, so tests can assert navigation. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/**
 * Renders a business-portal page with what the shell and routes.tsx provide: theme, router,
 * query cache, article client and settings. `useAuth` is mocked by each test file.
 */
export function renderPortal(ui: ReactElement, options: RenderPortalOptions = {}) {
  const { route = '/', path = '*', client = fakeArticleClient(), queryClient = testQueryClient() } = options;
  const result = render(
    <ThemeModeProvider>
      <MemoryRouter initialEntries={[route]}>
        <QueryClientProvider client={queryClient}>
          <ArticleClientProvider client={client}>
            <BusinessSettingsProvider>
              <Routes>
                <Route path={path} element={ui} />
                {path !== '*' && <Route path="*" element={null} />}
              </Routes>
              <LocationProbe />
            </BusinessSettingsProvider>
          </ArticleClientProvider>
        </QueryClientProvider>
      </MemoryRouter>
    </ThemeModeProvider>,
  );
  return { ...result, queryClient };
}

import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from 'shared-ui';

/** Shows where the router is, so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  return (
    <output data-testid="location" data-navigation={navigationType}>
      {location.pathname}
    </output>
  );
}

interface Options {
  /** The route pattern the element is mounted at, e.g. /articles/:slug. */
  path: string;
  /** The URL to start at. */
  url: string;
}

/** Renders a page as the shell would: theme, router, and a fresh query client without retries. */
export function renderRoute(element: ReactElement, { path, url }: Options) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider theme={lightTheme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<p>other page</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

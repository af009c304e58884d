import { Suspense, type ComponentType, type ReactNode } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { paths } from 'shared-core';
import { NotFoundPage, Spinner, type RemoteRoutesModule } from 'shared-ui';
import { preloadSanitizer, RouteErrorBoundary } from 'shared-ui/page';
import { pageOnDemand, type PageOnDemand } from './pageOnDemand';
import { HomePage } from './features/home/components/HomePage';

type ImportPage = () => Promise<ComponentType>;

/** A page that fetches, with TanStack Query (lib/articles/withQueries.tsx) loaded beside its code. */
const withQueriesFrom = (importPage: ImportPage) => () =>
  Promise.all([importPage(), import('./lib/articles/withQueries')]).then(([Page, { withQueries }]) =>
    withQueries(Page),
  );

/**
 * A page that shows article HTML, with the sanitiser loaded beside its code: its body is never
 * empty while the sanitiser arrives, and a served page hydrates without suspending for it. (While
 * the body suspended for it, React replayed the body with the state of the render that suspended,
 * "not loaded yet", and once hydrated the body was empty for a frame: on a phone, the page below
 * the title jumped twice, a layout shift of 0.47, then 0.51.)
 */
const withSanitizerFrom = (importPage: ImportPage) => () =>
  Promise.all([importPage(), preloadSanitizer()]).then(([Page]) => Page);

// The home page loads with the routes module; every other page on demand, so `/` downloads no
// other page's code, nor TanStack Query. A served page's code is in before the page hydrates
// (routesInBrowser.ts) and before the server renders it (server.tsx), so nothing suspends then.
const ON_DEMAND: readonly { path: string; page: PageOnDemand }[] = [
  {
    path: paths.about,
    page: pageOnDemand(() => import('./features/about/components/AboutPage').then((m) => m.AboutPage)),
  },
  {
    path: paths.contents,
    page: pageOnDemand(() => import('./features/contents/components/ContentsPage').then((m) => m.ContentsPage)),
  },
  {
    path: `${paths.contents}/:slug`,
    page: pageOnDemand(
      withSanitizerFrom(() => import('./features/contents/components/ContentPage').then((m) => m.ContentPage)),
    ),
  },
  {
    path: paths.articles,
    page: pageOnDemand(
      withQueriesFrom(() => import('./features/articles/components/ArticlesPage').then((m) => m.ArticlesPage)),
    ),
  },
  {
    path: `${paths.articles}/:slug`,
    page: pageOnDemand(
      withSanitizerFrom(
        withQueriesFrom(() =>
          import('./features/articles/components/ArticleDetailPage').then((m) => m.ArticleDetailPage),
        ),
      ),
    ),
  },
  {
    path: paths.privacy,
    page: pageOnDemand(() => import('./features/legal/components/PrivacyPage').then((m) => m.PrivacyPage)),
  },
  {
    path: paths.terms,
    page: pageOnDemand(() => import('./features/legal/components/TermsPage').then((m) => m.TermsPage)),
  },
];

/** Loads the code of the page at `pathname` (and what it renders with), if it is not the home page. */
export function loadPageAt(pathname: string): Promise<unknown> {
  return ON_DEMAND.find(({ path }) => matchPath(path, pathname))?.page.load() ?? Promise.resolve();
}

function Page({ children }: { children: ReactNode }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<Spinner label="読み込み中..." />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/** public-site's pages, without a query client (the server renders them with one per request). */
export function PublicRoutes() {
  return (
    <Routes>
      <Route
        path={paths.home}
        element={
          <Page>
            <HomePage />
          </Page>
        }
      />
      {ON_DEMAND.map(({ path, page }) => (
        <Route
          key={path}
          path={path}
          element={
            <Page>
              <page.Page />
            </Page>
          }
        />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/**
 * public-site's routes, mounted by the shell for /, /about, /contents/*, /articles/*, /privacy,
 * /terms. The pages that fetch bring the page's query client with them (withQueriesFrom).
 */
function PublicSiteRoutes() {
  return <PublicRoutes />;
}

// The shell loads this module through the shared contract; a change that breaks it fails here.
export default PublicSiteRoutes satisfies RemoteRoutesModule['default'];

import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { paths } from 'shared-core';
import { NotFoundPage, Spinner, type RemoteRoutesModule } from 'shared-ui';
import { RouteErrorBoundary } from 'shared-ui/page';
import { pageOnDemand } from './pageOnDemand';
import { HomePage } from './features/home/components/HomePage';

/** A page that fetches, with TanStack Query (lib/articles/withQueries.tsx) loaded beside its code. */
const withQueriesFrom = (importPage: () => Promise<ComponentType>) => () =>
  Promise.all([importPage(), import('./lib/articles/withQueries')]).then(([Page, { withQueries }]) =>
    withQueries(Page),
  );

// The home page loads with the routes module; the other pages on demand, so `/` downloads no
// other page's code, nor TanStack Query. The article pages (where chat links lead) load with the
// routes module on one of their URLs (routesInBrowser.ts), and before the server renders them (server.tsx).
const articlesPage = pageOnDemand(
  withQueriesFrom(() => import('./features/articles/components/ArticlesPage').then((m) => m.ArticlesPage)),
);
const articleDetailPage = pageOnDemand(
  withQueriesFrom(() => import('./features/articles/components/ArticleDetailPage').then((m) => m.ArticleDetailPage)),
);
const ArticlesPage = articlesPage.Page;
const ArticleDetailPage = articleDetailPage.Page;

/** Loads the code of the on-demand page at `pathname`, if it has one worth loading ahead. */
export function loadPageAt(pathname: string): Promise<unknown> {
  if (pathname === paths.articles) return articlesPage.load();
  if (pathname.startsWith(`${paths.articles}/`)) return articleDetailPage.load();
  return Promise.resolve();
}
const AboutPage = lazy(() => import('./features/about/components/AboutPage').then((m) => ({ default: m.AboutPage })));
const ContentsPage = lazy(() =>
  import('./features/contents/components/ContentsPage').then((m) => ({ default: m.ContentsPage })),
);
const ContentPage = lazy(() =>
  import('./features/contents/components/ContentPage').then((m) => ({ default: m.ContentPage })),
);
const PrivacyPage = lazy(() =>
  import('./features/legal/components/PrivacyPage').then((m) => ({ default: m.PrivacyPage })),
);
const TermsPage = lazy(() => import('./features/legal/components/TermsPage').then((m) => ({ default: m.TermsPage })));

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
      <Route
        path={paths.about}
        element={
          <Page>
            <AboutPage />
          </Page>
        }
      />
      <Route
        path={paths.contents}
        element={
          <Page>
            <ContentsPage />
          </Page>
        }
      />
      <Route
        path={`${paths.contents}/:slug`}
        element={
          <Page>
            <ContentPage />
          </Page>
        }
      />
      <Route
        path={paths.articles}
        element={
          <Page>
            <ArticlesPage />
          </Page>
        }
      />
      <Route
        path={`${paths.articles}/:slug`}
        element={
          <Page>
            <ArticleDetailPage />
          </Page>
        }
      />
      <Route
        path={paths.privacy}
        element={
          <Page>
            <PrivacyPage />
          </Page>
        }
      />
      <Route
        path={paths.terms}
        element={
          <Page>
            <TermsPage />
          </Page>
        }
      />
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

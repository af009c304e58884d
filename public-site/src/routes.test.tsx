import { screen } from '@testing-library/react';
import PublicSiteRoutes from './routes';
import type * as Routes from './routes';
import type * as SharedContext from 'shared-context';
import type * as SharedDataTesting from 'shared-data/testing';
import { fakeFetch, renderApp } from 'shared-data/testing';

const renderAt = (url: string) => renderApp(<PublicSiteRoutes />, { url });

beforeEach(() => fakeFetch(() => ({ status: 200, body: [] })));

describe('public-site routes', () => {
  it.each([
    ['/', /気づいた人は、/],
    ['/about', '私たちについて'],
    ['/contents', 'コンテンツ'],
    ['/contents/ai-history', 'AIの歴史：70年の歩みと3度のブーム'],
    ['/articles', 'Articles'],
    ['/privacy', 'プライバシーポリシー'],
    ['/terms', '利用規約'],
  ])('%s renders its page', async (url, heading) => {
    renderAt(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/articles/a/b', '/contents/x', '/nothing-here'])('%s is the 404 page', async (url) => {
    renderAt(url);
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません' })).toBeInTheDocument();
  });
});

interface FreshModules {
  routes: typeof Routes;
  testing: typeof SharedDataTesting;
  context: typeof SharedContext;
}

/**
 * Runs `check` with routes.tsx and what it renders with in a registry of their own, so that no
 * page's code (nor the sanitiser) has been loaded by an earlier test. Inside it: the pages' own
 * imports resolve in that registry only while it lasts.
 */
async function withFreshRoutes(check: (modules: FreshModules) => Promise<void>) {
  // That registry's Testing Library would clean up by a hook of its own, which a test cannot add.
  process.env.RTL_SKIP_AUTO_CLEANUP = 'true';
  try {
    await jest.isolateModulesAsync(async () => {
      const { cleanup } = await import('@testing-library/react');
      const testing = await import('shared-data/testing');
      try {
        await check({ routes: await import('./routes'), testing, context: await import('shared-context') });
      } finally {
        cleanup();
      }
    });
  } finally {
    delete process.env.RTL_SKIP_AUTO_CLEANUP;
  }
}

describe('loadPageAt: a served page has what it renders with before it hydrates', () => {
  it.each([
    ['/about', '私たちについて'],
    ['/contents', 'コンテンツ'],
    ['/contents/ai-history', 'AIの歴史：70年の歩みと3度のブーム'],
    ['/privacy', 'プライバシーポリシー'],
    ['/terms', '利用規約'],
  ])('%s renders in the same pass as the routes, its article HTML included', async (url, heading) => {
    await withFreshRoutes(async ({ routes, testing }) => {
      await routes.loadPageAt(url);
      testing.renderApp(<routes.default />, { url });
      // No waiting: what a page hydrates with is in, so hydrating it suspends for nothing.
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.queryByText('読み込み中...')).not.toBeInTheDocument();
      expect(document.querySelector('[aria-busy]')).toBeNull();
    });
  });

  it('an article page brings the sanitiser of its body with its code', async () => {
    await withFreshRoutes(async ({ routes, context }) => {
      expect(context.loadedSanitizer()).toBeNull();
      await routes.loadPageAt('/articles/some-article');
      expect(context.loadedSanitizer()).not.toBeNull();
    });
  });

  it('the home page and unknown paths have nothing to load', async () => {
    await withFreshRoutes(async ({ routes, context }) => {
      await Promise.all(['/', '/nothing-here', '/articles/a/b'].map((url) => routes.loadPageAt(url)));
      expect(context.loadedSanitizer()).toBeNull();
    });
  });
});

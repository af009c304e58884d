import { screen } from '@testing-library/react';
import PublicSiteRoutes from './routes';
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

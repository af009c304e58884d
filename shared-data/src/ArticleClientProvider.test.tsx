import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { ArticleClient } from 'shared-articles';
import { AuthTestProvider } from 'shared-auth/testing';
import { defaultRuntimeConfig, setRuntimeConfig } from 'shared-core';
import { ArticleClientProvider, useArticleClient } from './ArticleClientProvider';
import { fakeFetch } from './testing';

const article = {
  id: 1,
  title: '記事',
  content: '<p>本文</p>',
  date: '2025-01-01',
  category: 'AI',
  tag: '',
  slug: 'a',
  relatedArticles: [],
  articleType: 'note',
};

function Titles() {
  const client = useArticleClient();
  const [titles, setTitles] = useState<string[]>([]);
  useEffect(() => {
    void client.list().then((list) => setTitles(list.map((a) => a.title)));
  }, [client]);
  return <p>{titles.join(',')}</p>;
}

afterEach(() => setRuntimeConfig(defaultRuntimeConfig()));

describe('ArticleClientProvider', () => {
  it("calls the configured API with the signed-in user's ID token", async () => {
    setRuntimeConfig({ ...defaultRuntimeConfig(), apiBaseUrl: 'https://api.example/api' });
    const api = fakeFetch(() => ({ status: 200, body: [article] }));
    render(
      <AuthTestProvider value={{ getIdToken: async () => 'token-1' }}>
        <ArticleClientProvider>
          <Titles />
        </ArticleClientProvider>
      </AuthTestProvider>,
    );
    expect(await screen.findByText('記事')).toBeInTheDocument();
    expect(api.requests[0]?.url).toBe('https://api.example/api/articles');
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('hands out the client a test passes', async () => {
    const client = { list: async () => [{ ...article, title: 'テスト' }] } as unknown as ArticleClient;
    render(
      <AuthTestProvider>
        <ArticleClientProvider client={client}>
          <Titles />
        </ArticleClientProvider>
      </AuthTestProvider>,
    );
    await waitFor(() => expect(screen.getByText('テスト')).toBeInTheDocument());
  });

  it('refuses to be used outside the provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const wrapper = ({ children }: { children: ReactNode }) => <AuthTestProvider>{children}</AuthTestProvider>;
    expect(() => renderHook(() => useArticleClient(), { wrapper })).toThrow('inside ArticleClientProvider');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { RelatedArticles } from './RelatedArticles';
import { makeArticle } from 'shared-articles/testing';
import { fakeFetch, renderApp } from 'shared-data/testing';

const article = makeArticle({ id: 1, slug: 'read-now', relatedArticles: [2, 3, 4] });
const others = [2, 3, 4].map((id) => makeArticle({ id, slug: `other-${id}`, title: `関連${id}` }));

describe('RelatedArticles', () => {
  it('shows the cards with no entrance of their own (they stand after the body: it would run unseen)', async () => {
    fakeFetch(() => ({ status: 200, body: [article, ...others] }));
    renderApp(<RelatedArticles article={article} />, { path: '/articles/:slug', url: '/articles/read-now' });
    const section = await screen.findByRole('region', { name: '関連記事' });
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(3));
    const cards = within(section).getAllByRole('article');
    expect(cards.map((card) => getComputedStyle(card).animation)).toEqual(['none', 'none', 'none']);
  });
});

import { articleMatchesQuery, sortArticles, type ArticleSortKey, type BusinessArticle } from 'shared-articles';

export interface ArticleFilters {
  /** null = すべて */
  category: string | null;
  query: string;
  sort: ArticleSortKey;
}

export const INITIAL_FILTERS: ArticleFilters = { category: null, query: '', sort: 'date' };

/**
 * The dashboard's rule (spec section 5): category and search must both match; search looks at
 * the title and the body text, ignoring case, width and kana; then the chosen order.
 */
export function applyArticleFilters(articles: readonly BusinessArticle[], filters: ArticleFilters): BusinessArticle[] {
  const matching = articles.filter(
    (article) =>
      (filters.category === null || article.category === filters.category) &&
      articleMatchesQuery(article, filters.query),
  );
  return sortArticles(matching, filters.sort);
}

import { useMemo, useState } from 'react';
import { distinctCategories, type ArticleSortKey, type BusinessArticle } from 'shared-articles';
import { applyArticleFilters, INITIAL_FILTERS, type ArticleFilters } from './articleFilters';

/** Filter state of the dashboard and the articles it leaves visible. */
export function useArticleFilters(articles: readonly BusinessArticle[]) {
  const [filters, setFilters] = useState<ArticleFilters>(INITIAL_FILTERS);
  const categories = useMemo(() => distinctCategories(articles), [articles]);
  const visible = useMemo(() => applyArticleFilters(articles, filters), [articles, filters]);

  return {
    filters,
    categories,
    visible,
    setCategory: (category: string | null) => setFilters((current) => ({ ...current, category })),
    setQuery: (query: string) => setFilters((current) => ({ ...current, query })),
    setSort: (sort: ArticleSortKey) => setFilters((current) => ({ ...current, sort })),
  };
}

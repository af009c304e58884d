import { useMemo, useState } from 'react';
import { distinctCategories, matchesQuery, stripHtml, type Article } from 'shared-articles';

/**
 * The list's filters (spec section 5): a category (null = すべて) and a search over title and
 * body text that ignores case, width and kana; an article is shown when both match.
 */
export function useArticleFilter(articles: readonly Article[]) {
  const [category, setCategory] = useState<string | null>(null);
  const [query, setQuery] = useState('');

  const categories = useMemo(() => distinctCategories(articles), [articles]);
  // Body text is stripped once per list, not on every keystroke.
  const searchable = useMemo(
    () => articles.map((article) => ({ article, text: stripHtml(article.content) })),
    [articles],
  );
  const visible = useMemo(
    () =>
      searchable
        .filter(
          ({ article, text }) =>
            (category === null || article.category === category) && matchesQuery(query, article.title, text),
        )
        .map(({ article }) => article),
    [searchable, category, query],
  );

  const reset = () => {
    setCategory(null);
    setQuery('');
  };

  return { categories, category, setCategory, query, setQuery, visible, reset };
}

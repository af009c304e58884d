import { useMemo, useState } from 'react';
import { matchesQuery, type ContentCategory, type ContentItem } from 'shared-articles';

/** The contents list's filters: a category (null = すべて) and a search over title and description. */
export function useContentFilter(items: readonly ContentItem[]) {
  const [category, setCategory] = useState<ContentCategory | null>(null);
  const [query, setQuery] = useState('');
  const visible = useMemo(
    () =>
      items.filter(
        (item) =>
          (category === null || item.category === category) && matchesQuery(query, item.title, item.description),
      ),
    [items, category, query],
  );
  return { category, setCategory, query, setQuery, visible };
}

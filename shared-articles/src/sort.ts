/** Orderings used by the article lists and the business dashboard's sort select. */

interface Sortable {
  id: number | string;
  title: string;
  date: string;
  category: string;
}

export type ArticleSortKey = 'date' | 'title' | 'category';

/**
 * Japanese collation, built on first use: building it loads ICU's collation data, one of the
 * longest tasks of a public page's start-up on a phone, and public pages (numeric ids, date
 * order) never compare by it.
 */
let japanese: Intl.Collator | undefined;
const collator = () => (japanese ??= new Intl.Collator('ja'));

function compareIds(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator().compare(String(a), String(b));
}

/** Newest first: date descending (YYYY-MM-DD compares as text), then the later id first. */
export function compareNewestFirst(a: Sortable, b: Sortable): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return compareIds(b.id, a.id);
}

export function sortNewestFirst<T extends Sortable>(items: readonly T[]): T[] {
  return [...items].sort(compareNewestFirst);
}

/** Title order in Japanese collation; equal titles newest first. */
export function sortByTitle<T extends Sortable>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => collator().compare(a.title, b.title) || compareNewestFirst(a, b));
}

/** Grouped by category in Japanese collation; newest first inside a category. */
export function sortByCategory<T extends Sortable>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => collator().compare(a.category, b.category) || compareNewestFirst(a, b));
}

export function sortArticles<T extends Sortable>(items: readonly T[], key: ArticleSortKey): T[] {
  switch (key) {
    case 'date':
      return sortNewestFirst(items);
    case 'title':
      return sortByTitle(items);
    case 'category':
      return sortByCategory(items);
  }
}

/** The filter chips: 'all' plus each distinct category in first-seen order (spec section 5). */
export function distinctCategories(items: ReadonlyArray<{ category: string }>): string[] {
  return [...new Set(items.map((item) => item.category))];
}

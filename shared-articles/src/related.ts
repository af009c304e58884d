import { compareNewestFirst } from './sort';

export const MAX_RELATED_ARTICLES = 3;

interface Relatable {
  id: number | string;
  title: string;
  date: string;
  category: string;
  relatedArticles?: ReadonlyArray<number | string>;
}

/**
 * Related articles (spec section 4): the ids the article lists, in that order, without itself,
 * duplicates or ids that no longer exist, at most `max`. When it lists none, or none of them
 * exist any more (an admin deleted them), the newest articles of the same category instead.
 * Generic over the id type, so business articles (string ids) use the same rule.
 */
export function relatedArticles<T extends Relatable>(
  article: T,
  all: readonly T[],
  max: number = MAX_RELATED_ARTICLES,
): T[] {
  const byId = new Map(all.map((candidate) => [candidate.id, candidate]));
  const listedIds = [...new Set(article.relatedArticles ?? [])].filter((id) => id !== article.id);
  const listed = listedIds.flatMap((id) => byId.get(id) ?? []).slice(0, max);
  if (listed.length > 0) return listed;

  return all
    .filter((candidate) => candidate.id !== article.id && candidate.category === article.category)
    .sort(compareNewestFirst)
    .slice(0, max);
}

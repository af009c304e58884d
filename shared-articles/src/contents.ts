/**
 * The contents list (entry `shared-articles/contents`): the public site bundles these nine items
 * without pulling in the article seed.
 */
import { contentItems } from './seed/contents';
import type { ContentItem } from './types';

export { contentItems };

/** 'ai-basics' for '/contents/ai-basics'. */
export function contentSlug(item: Pick<ContentItem, 'url'>): string {
  return item.url.slice(item.url.lastIndexOf('/') + 1);
}

export function findContentBySlug(slug: string): ContentItem | undefined {
  return contentItems.find((item) => contentSlug(item) === slug);
}

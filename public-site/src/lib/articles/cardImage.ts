import { articleThumbnail, webpFallback, type Article } from 'shared-articles';
import type { CardImageSource } from 'shared-ui';

/**
 * The card picture (shared-articles thumbnail rules): the article image, or the YouTube thumbnail
 * of a video article without one; a WebP image is offered with its .jpg twin as the fallback.
 */
export function articleCardImage(
  article: Pick<Article, 'image' | 'articleType'> & Partial<Pick<Article, 'content'>>,
): CardImageSource | null {
  const thumbnail = articleThumbnail(article);
  if (!thumbnail) return null;
  const fallback = webpFallback(thumbnail);
  return fallback ? { src: fallback, webpSrc: thumbnail } : { src: thumbnail };
}

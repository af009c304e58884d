/** Card thumbnails: the article image, or the YouTube thumbnail of a video article without one. */

const YOUTUBE_ID_PATTERN =
  /(?:youtube(?:-nocookie)?\.com\/embed\/|youtu\.be\/|youtube\.com\/watch\?v=)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/;

/** The 11-character video id of the first YouTube embed or link in the HTML, or null. */
export function youtubeIdFromContent(html: string): string | null {
  return YOUTUBE_ID_PATTERN.exec(html)?.[1] ?? null;
}

/** YouTube's standard high-quality thumbnail (480×360, exists for every video). */
export function youtubeThumbnail(videoId: string): string {
  return `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;
}

/** The image to show on a card, or undefined when the article has none (the UI shows its placeholder). */
export function articleThumbnail(article: {
  image?: string;
  /** Absent from a card, whose thumbnail was resolved when it was made. */
  content?: string;
  articleType?: string;
}): string | undefined {
  if (article.image) return article.image;
  if (article.articleType !== 'youtube' || !article.content) return undefined;
  const videoId = youtubeIdFromContent(article.content);
  return videoId ? youtubeThumbnail(videoId) : undefined;
}

/**
 * The fallback for browsers without WebP: the same path with a .jpg extension, query and hash
 * kept ('…/cover.webp?w=800' → '…/cover.jpg?w=800'). The rule relies on every .webp image being
 * published with a .jpg twin beside it. Returns null for images that are not .webp.
 */
export function webpFallback(imageUrl: string): string | null {
  const match = /^([^?#]*)\.webp([?#].*)?$/i.exec(imageUrl);
  return match ? `${match[1]}.jpg${match[2] ?? ''}` : null;
}

import { youtubeIdFromContent } from 'shared-articles';

const IFRAME = /<iframe\b[^>]*>[\s\S]*?<\/iframe\s*>/gi;

/**
 * A video article's YouTube embed lifted out of its body, so the page can show the video above
 * the text without rendering it twice. Content without a YouTube iframe is returned as is.
 */
export function splitVideo(content: string): { videoId: string | null; body: string } {
  for (const match of content.matchAll(IFRAME)) {
    const videoId = youtubeIdFromContent(match[0]);
    if (videoId) {
      const body = content.slice(0, match.index) + content.slice(match.index + match[0].length);
      return { videoId, body: body.trim() };
    }
  }
  return { videoId: null, body: content };
}

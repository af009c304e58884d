import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeArticleHtml } from 'shared-articles/sanitize-policy';
import { installSanitizer } from 'shared-ui';

const MAX_CACHED = 500;

/**
 * DOMPurify over jsdom with the one article policy (as article-api sanitises on write), so
 * server-rendered bodies are what the browser's sanitiser would show. Results are memoised: the
 * same few bodies are rendered again and again.
 */
export function installServerSanitizer(): void {
  const purify = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  const cache = new Map<string, string>();
  installSanitizer((html) => {
    const hit = cache.get(html);
    if (hit !== undefined) return hit;
    const clean = sanitizeArticleHtml(purify, html);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(html, clean);
    return clean;
  });
}

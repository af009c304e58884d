import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeArticleHtml } from 'shared-articles/sanitize-policy';

export type HtmlSanitizer = (html: string) => string;

/** Server-side DOMPurify on its own jsdom window, running the shared article policy. */
export function createHtmlSanitizer(): HtmlSanitizer {
  const purify = createDOMPurify(new JSDOM('').window);
  return (html) => sanitizeArticleHtml(purify, html);
}

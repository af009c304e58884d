import { useSanitizedHtml } from './useSanitizedHtml';
import { Prose } from './Prose';

interface SafeHtmlProps {
  /** Article HTML from the API or local data; never trusted. */
  html: string;
  className?: string;
}

/**
 * Renders article HTML through DOMPurify with the one allow-list of `shared-articles/sanitize-policy`
 * (YouTube embeds are the only iframes), in the article reading typography. Until the sanitiser
 * has loaded (first use only) nothing is rendered: unsanitised HTML never reaches the DOM.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const safeHtml = useSanitizedHtml(html);
  return (
    <Prose
      className={className}
      aria-busy={safeHtml === null || undefined}
      dangerouslySetInnerHTML={{ __html: safeHtml ?? '' }}
    />
  );
}

export { loadSanitizer as preloadSanitizer } from 'shared-context';

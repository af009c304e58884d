import type { PurifyInstance } from 'shared-articles/sanitize-policy';

export type Sanitize = (html: string) => string;

let loaded: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

/**
 * DOMPurify (~9 KB gzip) is loaded on first use rather than with shared-ui's main entry, which
 * every visitor downloads: only pages that render article HTML pay for it. A private instance
 * keeps the policy's hooks away from anyone else's DOMPurify.
 */
export function loadSanitizer(): Promise<Sanitize> {
  loading ??= Promise.all([import('dompurify'), import('shared-articles/sanitize-policy')]).then(
    ([{ default: createDOMPurify }, { sanitizeArticleHtml }]) => {
      const purify: PurifyInstance = createDOMPurify(window);
      loaded = (html) => sanitizeArticleHtml(purify, html);
      return loaded;
    },
  );
  return loading;
}

/** The sanitiser if it has already been loaded, so a later render needs no extra frame. */
export function loadedSanitizer(): Sanitize | null {
  return loaded;
}

/**
 * The server has no `window`: its renderer installs the same policy on DOMPurify over jsdom
 * before the first page, so server-rendered article HTML is sanitised exactly as in the browser.
 */
export function installSanitizer(sanitize: Sanitize): void {
  loaded = sanitize;
  // Marked as settled the way React's use() reads a promise, so rendering never waits for it.
  loading = Object.assign(Promise.resolve(sanitize), { status: 'fulfilled', value: sanitize });
}

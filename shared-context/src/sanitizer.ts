import type { PurifyInstance } from 'shared-articles/sanitize-policy';

export type Sanitize = (html: string) => string;

let loaded: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

/** `promise` marked as settled with `value` the way React's use() reads one: no suspending for it. */
const settled = (promise: Promise<Sanitize>, value: Sanitize) => Object.assign(promise, { status: 'fulfilled', value });

/**
 * DOMPurify (~9 KB gzip) is loaded on first use rather than with shared-ui's main entry, which
 * every visitor downloads: only pages that render article HTML pay for it. A private instance
 * keeps the policy's hooks away from anyone else's DOMPurify. Once loaded, use() reads the promise
 * without suspending (a served page hydrates in one pass); after a failure, the next call loads again.
 */
export function loadSanitizer(): Promise<Sanitize> {
  if (loading) return loading;
  const promise: Promise<Sanitize> = Promise.all([import('dompurify'), import('shared-articles/sanitize-policy')]).then(
    ([{ default: createDOMPurify }, { sanitizeArticleHtml }]) => {
      const purify: PurifyInstance = createDOMPurify(window);
      loaded = (html) => sanitizeArticleHtml(purify, html);
      settled(promise, loaded);
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  loading = promise;
  return promise;
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
  loading = settled(Promise.resolve(sanitize), sanitize);
}

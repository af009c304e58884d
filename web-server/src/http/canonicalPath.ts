// One address per page. The router treats `/about`, `/about/`, `/about//`, `//about`, `/About`
// and `/%61bout` as the same page; left alone, each would be a 200 of its own, a cache entry of its
// own and a duplicate for crawlers, and a flood of such variants could push the real pages out of
// the page cache. Every variant answers 301 to the canonical path before the cache is asked, so
// the cache and the server's data loader (which reads the slug from the path as it is) see one path.

import { paths } from 'shared-core';

/** The first segments of the site's routes, which the router matches case-insensitively. */
const ROUTE_SEGMENTS = new Set(
  Object.values(paths).map((route) => (typeof route === 'string' ? route : route('x')).split('/')[1] ?? ''),
);

/** RFC 3986 §2.3: a percent-encoding of one of these is the character itself. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * RFC 3986 §6.2.2.1 and §6.2.2.2 on one segment: percent-encoded unreserved characters decoded
 * (`%61` → `a`, `%7e` → `~`), the hex digits of every other percent-encoding in upper case
 * (`%e3` → `%E3`, `%2f` stays encoded as `%2F`). A segment that would become `.` or `..` keeps its
 * encoding: decoding must not make a dot segment (the URL parser has already resolved `%2e%2e`).
 */
function normaliseEncoding(segment: string): string {
  const normalised = segment.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
    const char = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
  return normalised === '.' || normalised === '..' ? segment.toUpperCase() : normalised;
}

/**
 * The canonical form of a page path: percent-encodings normalised (unreserved characters decoded,
 * other hex in upper case), no repeated or trailing slashes, the route's own segment in lower case
 * (slugs keep their case), no `/index.html`. Returns `pathname` itself when it is canonical.
 */
export function canonicalPath(pathname: string): string {
  let canonical = pathname.includes('%') ? pathname.split('/').map(normaliseEncoding).join('/') : pathname;
  canonical = canonical.replace(/\/{2,}/g, '/');
  if (canonical.endsWith('/index.html')) canonical = canonical.slice(0, -'index.html'.length);
  if (canonical.length > 1) canonical = canonical.replace(/\/+$/, '') || '/';
  const first = canonical.split('/')[1] ?? '';
  const lower = first.toLowerCase();
  if (first !== lower && ROUTE_SEGMENTS.has(lower)) canonical = `/${lower}${canonical.slice(first.length + 1)}`;
  return canonical;
}

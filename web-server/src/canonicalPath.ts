// One address per page. The router treats `/about`, `/about/`, `/about//`, `//about` and
// `/About` as the same page; left alone, each would be a 200 of its own, a cache entry of its own
// and a duplicate for crawlers, and a flood of such variants could push the real pages out of the
// page cache. Every variant answers 301 to the canonical path before the cache is asked.

import { paths } from '../../shared-core/src/paths';

/** The first segments of the site's routes, which the router matches case-insensitively. */
const ROUTE_SEGMENTS = new Set(
  Object.values(paths).map((route) => (typeof route === 'string' ? route : route('x')).split('/')[1] ?? ''),
);

/**
 * The canonical form of a page path: no repeated or trailing slashes, the route's own segment in
 * lower case (slugs keep their case), no `/index.html`. Returns `pathname` itself when it is canonical.
 */
export function canonicalPath(pathname: string): string {
  let canonical = pathname.replace(/\/{2,}/g, '/');
  if (canonical.endsWith('/index.html')) canonical = canonical.slice(0, -'index.html'.length);
  if (canonical.length > 1) canonical = canonical.replace(/\/+$/, '') || '/';
  const first = canonical.split('/')[1] ?? '';
  const lower = first.toLowerCase();
  if (first !== lower && ROUTE_SEGMENTS.has(lower)) canonical = `/${lower}${canonical.slice(first.length + 1)}`;
  return canonical;
}

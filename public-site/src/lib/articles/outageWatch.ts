import { isServiceUnreachable } from './articleSource';
import type { PublicReads } from './versionedReads';

/**
 * The reads of one server render, noting whether the article service failed for any of them (the
 * page then shows the build's snapshot instead: the shell's server keeps such a page only briefly
 * and never sends its "not found", docs/server-rendering.md). A 404 is an answer, not an outage.
 */
export function watchForOutage(reads: PublicReads): { reads: PublicReads; failed: () => boolean } {
  let failed = false;
  const noting = <T>(answer: Promise<T>): Promise<T> =>
    answer.catch((error: unknown) => {
      if (isServiceUnreachable(error)) failed = true;
      throw error;
    });
  return {
    reads: {
      list: () => noting(reads.list()),
      getBySlug: (slug) => noting(reads.getBySlug(slug)),
    },
    failed: () => failed,
  };
}

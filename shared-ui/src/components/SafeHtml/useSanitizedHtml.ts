import { use, useEffect, useMemo, useState } from 'react';
import { useHydrated } from 'shared-context';
import { loadSanitizer, loadedSanitizer } from 'shared-context';

/** After a failed load (a chunk lost on a flaky network, a server restarting), wait, then load again. */
export const SANITIZER_RETRY_FIRST_MS = 1_000;
export const SANITIZER_RETRY_MAX_MS = 30_000;

/**
 * `html` made safe by the article policy; null until the sanitiser has loaded (first use only).
 * While hydrating server-rendered HTML it suspends instead, so React keeps the server's (already
 * sanitised) markup on screen until the sanitiser is there and the two renders match.
 */
export function useSanitizedHtml(html: string): string | null {
  const hydrated = useHydrated();
  const [sanitize, setSanitize] = useState(loadedSanitizer);
  // While hydrating, always through use(): when React replays the render that suspended, the
  // sanitiser is loaded, and skipping use() then would break the rule that hooks run in order.
  // A replay keeps the state of the render that suspended ("not loaded yet"): once hydrated, the
  // loaded sanitiser is read again, or the live page would empty the served body for a frame.
  const ready = hydrated ? (sanitize ?? loadedSanitizer()) : use(loadSanitizer());
  useEffect(() => {
    if (sanitize) return;
    let active = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A failed load is tried again, each wait twice the last (up to 30 s): without it one lost
    // chunk left the body (or the admin's preview) empty until the page was reloaded.
    const load = (waitMs: number) => {
      loadSanitizer().then(
        (loaded) => {
          if (active) setSanitize(() => loaded);
        },
        () => {
          if (active) retry = setTimeout(() => load(Math.min(waitMs * 2, SANITIZER_RETRY_MAX_MS)), waitMs);
        },
      );
    };
    load(SANITIZER_RETRY_FIRST_MS);
    return () => {
      active = false;
      clearTimeout(retry);
    };
  }, [sanitize]);
  return useMemo(() => (ready ? ready(html) : null), [ready, html]);
}

import { use, useEffect, useMemo, useState } from 'react';
import { useHydrated } from 'shared-context';
import { loadSanitizer, loadedSanitizer } from 'shared-context';

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
    void loadSanitizer().then((loaded) => {
      if (active) setSanitize(() => loaded);
    });
    return () => {
      active = false;
    };
  }, [sanitize]);
  return useMemo(() => (ready ? ready(html) : null), [ready, html]);
}

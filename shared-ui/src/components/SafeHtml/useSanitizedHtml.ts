import { useEffect, useMemo, useState } from 'react';
import { loadSanitizer, loadedSanitizer } from './sanitizer';

/** `html` made safe by the article policy; null until the sanitiser has loaded (first use only). */
export function useSanitizedHtml(html: string): string | null {
  const [sanitize, setSanitize] = useState(loadedSanitizer);
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
  return useMemo(() => (sanitize ? sanitize(html) : null), [sanitize, html]);
}

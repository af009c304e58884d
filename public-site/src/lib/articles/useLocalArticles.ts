import { useEffect, useState } from 'react';
import type { Article } from 'shared-articles';
import { useHydrated } from 'shared-ui';
import { readLocalArticles } from './localArticles';

const NONE: readonly Article[] = [];

/**
 * The articles stored in this browser, read once the page is live. The server never knows them,
 * so a hydrating render must not either (its HTML would not match); they join in a render right
 * after, once checked (the article schema is loaded for them: a browser that stores none never
 * downloads it, docs/performance.md).
 */
export function useLocalArticles(): readonly Article[] {
  const hydrated = useHydrated();
  const [local, setLocal] = useState(NONE);
  useEffect(() => {
    if (!hydrated) return;
    let mounted = true;
    void readLocalArticles().then((articles) => {
      if (mounted && articles.length > 0) setLocal(articles);
    });
    return () => {
      mounted = false;
    };
  }, [hydrated]);
  return local;
}

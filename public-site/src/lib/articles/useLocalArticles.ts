import { useMemo } from 'react';
import type { Article } from 'shared-articles';
import { useHydrated } from 'shared-ui';
import { readLocalArticles } from './localArticles';

const NONE: readonly Article[] = [];

/**
 * The articles stored in this browser, read once the page is live. The server never knows them,
 * so a hydrating render must not either (its HTML would not match); they join in the render right
 * after. A page rendered in the browser alone has them from its first render.
 */
export function useLocalArticles(): readonly Article[] {
  const hydrated = useHydrated();
  return useMemo(() => (hydrated ? readLocalArticles() : NONE), [hydrated]);
}

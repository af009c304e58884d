import { useCallback, useSyncExternalStore } from 'react';

/**
 * Follows a CSS media query, e.g. `(max-width: 768px)`. False on the server and while hydrating
 * (the server cannot know the screen), then the real answer.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

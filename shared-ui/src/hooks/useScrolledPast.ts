import { useCallback, useSyncExternalStore } from 'react';

/**
 * True once the window is scrolled more than `threshold` px (header: 10, floating button: 100).
 * False on the server and while hydrating (the served HTML is unscrolled); a page scrolled before
 * it hydrated catches up right after.
 */
export function useScrolledPast(threshold: number): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    window.addEventListener('scroll', onChange, { passive: true });
    return () => window.removeEventListener('scroll', onChange);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  );
}

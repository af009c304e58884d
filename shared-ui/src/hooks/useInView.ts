import { useEffect, useRef, useState, type RefObject } from 'react';

export interface UseInViewOptions {
  /** Margin around the viewport, as in IntersectionObserver (e.g. '0px 0px -10% 0px'). */
  rootMargin?: string;
  /** Share of the element that must be visible, 0–1. */
  threshold?: number;
}

/**
 * True once the element has entered the viewport, and from then on (the observer disconnects
 * after the first sighting). Without IntersectionObserver the element counts as in view.
 */
export function useInView<T extends Element>({ rootMargin = '0px', threshold = 0 }: UseInViewOptions = {}): [
  RefObject<T | null>,
  boolean,
] {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, rootMargin, threshold]);

  return [ref, inView];
}

/**
 * window.matchMedia for tests (jsdom has none). jest/setupDom.ts installs `() => false` for every
 * jsdom test; a test that cares replaces it and puts the previous one back with the returned
 * function. Listeners are accepted and never called: tests re-render after changing the viewport.
 */
export function mockMatchMedia(matching: (query: string) => boolean): () => void {
  const previous = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: matching(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = previous;
  };
}

/**
 * A viewport `width` px wide: `(max-width: N px)` and `(min-width: N px)` queries are evaluated
 * against it (anything else does not match), and window.innerWidth reports it.
 */
export function setViewportWidth(width: number): () => void {
  const previousWidth = window.innerWidth;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  const restoreMatchMedia = mockMatchMedia((query) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    if (max) return width <= Number(max[1]);
    const min = /min-width:\s*(\d+)px/.exec(query);
    return min ? width >= Number(min[1]) : false;
  });
  return () => {
    restoreMatchMedia();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: previousWidth });
  };
}

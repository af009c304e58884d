import '@testing-library/jest-dom';

// A test file may run in Node instead (`@jest-environment node`, e.g. server rendering): no window.
if (typeof window !== 'undefined') {
  // jsdom has neither; components that use them get inert stand-ins, tests that care replace them.
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('IntersectionObserver' in window)) {
    class InertIntersectionObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    Object.assign(window, { IntersectionObserver: InertIntersectionObserver });
  }
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
}

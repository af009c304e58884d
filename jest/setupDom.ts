import '@testing-library/jest-dom';

import { mockMatchMedia } from '../shared-ui/src/testing/matchMedia';

// A test file may run in Node instead (`@jest-environment node`, e.g. server rendering): no window.
if (typeof window !== 'undefined') {
  // jsdom has neither; components that use them get inert stand-ins, tests that care replace them
  // (shared-ui/testing: mockMatchMedia, setViewportWidth, mockIntersectionObserver).
  if (!window.matchMedia) mockMatchMedia(() => false);
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

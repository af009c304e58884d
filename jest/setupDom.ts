import '@testing-library/jest-dom';

import { configure } from '@testing-library/react';

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

// findBy…/waitFor give up after 1 s by default. npm test runs Jest beside the browser suite on two
// cores, where a lazy page and its first query took longer than that (a checkbox not found after
// 1 s in CI, found in 0.1 s alone). A wait still fails when the thing never comes, after 5 s.
// Times the machine's pace, as Jest's per-test limit (jest.config.ts; docs/testing.md, "Time limits").
configure({ asyncUtilTimeout: Math.round(5_000 * Math.max(1, Number(process.env.TEST_PACE) || 1)) });

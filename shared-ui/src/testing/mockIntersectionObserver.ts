/** A controllable IntersectionObserver for tests: `enterView()` reports every observed element as visible. */
export function mockIntersectionObserver() {
  const observers = new Set<MockObserver>();

  class MockObserver {
    readonly elements = new Set<Element>();
    constructor(private readonly callback: IntersectionObserverCallback) {
      observers.add(this);
    }
    observe(element: Element) {
      this.elements.add(element);
    }
    unobserve(element: Element) {
      this.elements.delete(element);
    }
    disconnect() {
      this.elements.clear();
      observers.delete(this);
    }
    takeRecords() {
      return [];
    }
    report(isIntersecting: boolean) {
      const entries = [...this.elements].map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
      if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
    }
  }

  const original = window.IntersectionObserver;
  window.IntersectionObserver = MockObserver as unknown as typeof IntersectionObserver;
  return {
    enterView: () => [...observers].forEach((observer) => observer.report(true)),
    leaveView: () => [...observers].forEach((observer) => observer.report(false)),
    observedCount: () => [...observers].reduce((sum, observer) => sum + observer.elements.size, 0),
    restore: () => {
      window.IntersectionObserver = original;
    },
  };
}

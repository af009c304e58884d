import { mockMatchMedia, setViewportWidth } from './matchMedia';

describe('matchMedia stubs', () => {
  it('the default of every jsdom test matches nothing', () => {
    expect(window.matchMedia('(max-width: 768px)').matches).toBe(false);
    expect(window.matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(false);
  });

  it('mockMatchMedia answers with the predicate and puts the previous stub back', () => {
    const original = window.matchMedia;
    const restore = mockMatchMedia((query) => query === '(prefers-reduced-motion: reduce)');
    expect(window.matchMedia('(prefers-reduced-motion: reduce)')).toMatchObject({
      matches: true,
      media: '(prefers-reduced-motion: reduce)',
    });
    expect(window.matchMedia('(max-width: 768px)').matches).toBe(false);
    restore();
    expect(window.matchMedia).toBe(original);
  });

  it('setViewportWidth evaluates width queries and innerWidth like a window that wide', () => {
    const originalWidth = window.innerWidth;
    const restore = setViewportWidth(375);
    expect(window.matchMedia('(max-width: 768px)').matches).toBe(true);
    expect(window.matchMedia('(max-width: 320px)').matches).toBe(false);
    expect(window.matchMedia('(min-width: 769px)').matches).toBe(false);
    expect(window.innerWidth).toBe(375);
    restore();
    expect(window.innerWidth).toBe(originalWidth);
    expect(window.matchMedia('(max-width: 768px)').matches).toBe(false);
  });
});

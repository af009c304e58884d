import { canonicalPath } from './canonicalPath';

describe('canonicalPath', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about'],
    ['/articles/what-is-generative-ai', '/articles/what-is-generative-ai'],
    ['/articles/MixedCase-Slug', '/articles/MixedCase-Slug'],
  ])('leaves the canonical %s alone', (path, expected) => {
    expect(canonicalPath(path)).toBe(expected);
  });

  it.each([
    ['/about/', '/about'],
    ['/about//', '/about'],
    ['/about///', '/about'],
    ['//about', '/about'],
    ['/privacy////', '/privacy'],
    ['//', '/'],
    ['/index.html', '/'],
    ['/articles//what-is-generative-ai/', '/articles/what-is-generative-ai'],
    ['/About', '/about'],
    ['/ARTICLES/MixedCase-Slug', '/articles/MixedCase-Slug'],
  ])('sends %s to %s', (path, expected) => {
    expect(canonicalPath(path)).toBe(expected);
  });

  it('does not touch segments it does not know (their case may matter)', () => {
    expect(canonicalPath('/Unknown/Path')).toBe('/Unknown/Path');
  });
});

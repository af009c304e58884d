import { canonicalPath } from './canonicalPath';

describe('canonicalPath', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about'],
    ['/articles/what-is-generative-ai', '/articles/what-is-generative-ai'],
    ['/articles/MixedCase-Slug', '/articles/MixedCase-Slug'],
    ['/articles/%E3%81%82', '/articles/%E3%81%82'],
    ['/articles/a%2Fb', '/articles/a%2Fb'],
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
    // RFC 3986 §6.2.2.2: a percent-encoded unreserved character is the character itself.
    ['/articles/%61bc', '/articles/abc'],
    ['/articles/%61%62%63', '/articles/abc'],
    ['/articles/%41bc', '/articles/Abc'],
    ['/articles/what-is%2Dgenerative%5Fai%2E%7e', '/articles/what-is-generative_ai.~'],
    ['/%61bout', '/about'],
    ['/%41bout/', '/about'],
    ['/index%2Ehtml', '/'],
    // RFC 3986 §6.2.2.1: the hex digits of every other percent-encoding in upper case.
    ['/articles/%e3%81%82', '/articles/%E3%81%82'],
    ['/articles/a%2fb', '/articles/a%2Fb'],
    ['/articles/%61%2f%e3', '/articles/a%2F%E3'],
  ])('sends %s to %s', (path, expected) => {
    expect(canonicalPath(path)).toBe(expected);
  });

  it('does not touch segments it does not know (their case may matter)', () => {
    expect(canonicalPath('/Unknown/Path')).toBe('/Unknown/Path');
  });

  it('leaves a malformed escape as it is', () => {
    expect(canonicalPath('/articles/%E0%A4%A')).toBe('/articles/%E0%A4%A');
    expect(canonicalPath('/articles/%zz')).toBe('/articles/%zz');
  });

  it('never decodes a segment into a dot segment', () => {
    expect(canonicalPath('/articles/%2e%2e')).toBe('/articles/%2E%2E');
    expect(canonicalPath('/articles/.%2e/about')).toBe('/articles/.%2E/about');
    expect(canonicalPath('/articles/%2e')).toBe('/articles/%2E');
  });

  it('is stable: a canonical path is its own canonical path', () => {
    for (const path of ['/articles/%61bc', '/%41bout/', '/articles/%e3%81%82', '/articles/%2e%2e', '//About//']) {
      const canonical = canonicalPath(path);
      expect(canonicalPath(canonical)).toBe(canonical);
    }
  });
});

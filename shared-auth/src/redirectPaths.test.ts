import { isLocalPath, isRememberablePath, postSignInTarget, redirectPathForSignIn } from './redirectPaths';

describe('redirect path rules', () => {
  it.each([
    ['/', '/business/dashboard'],
    ['/business/login', '/business/dashboard'],
    ['/business/login?x=1', '/business/dashboard'],
    ['/about', '/about'],
    ['/articles/ai-news?ref=line', '/articles/ai-news?ref=line'],
    ['//evil.example', '/business/dashboard'],
  ])('sign-in from %s saves %s', (from, saved) => {
    expect(redirectPathForSignIn(from)).toBe(saved);
  });

  it.each([
    [null, '/business/dashboard'],
    ['', '/business/dashboard'],
    ['/', '/business/dashboard'],
    ['/business/login', '/business/dashboard'],
    ['/business/settings', '/business/settings'],
    ['/\\evil.example', '/business/dashboard'],
  ])('after sign-in, saved path %p leads to %s', (saved, target) => {
    expect(postSignInTarget(saved)).toBe(target);
  });

  it('the guard remembers any page but home and the login page', () => {
    expect(isRememberablePath('/business/settings')).toBe(true);
    expect(isRememberablePath('/')).toBe(false);
    expect(isRememberablePath('/business/login')).toBe(false);
  });

  it('accepts only same-origin absolute paths', () => {
    expect(isLocalPath('/a')).toBe(true);
    expect(isLocalPath('https://example.com')).toBe(false);
    expect(isLocalPath('//example.com')).toBe(false);
  });
});

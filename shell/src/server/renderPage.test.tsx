/** @jest-environment node */
import { renderPage, serverRendered } from './renderPage';

/**
 * Which requests the shell's server renders: the public area and the 404 page. Sign-in pages and
 * the signed-in areas stay client-rendered (null: the server sends the client-rendered page).
 */
describe('serverRendered', () => {
  it.each([
    '/',
    '/about',
    '/contents',
    '/contents/ai-basics',
    '/articles',
    '/articles/some-slug',
    '/articles/some-slug/',
    '/privacy',
    '/terms',
  ])('renders the public page %s', (pathname) => {
    expect(serverRendered(pathname)).toBe('public');
  });

  it.each(['/unknown', '/not-found', '/about/extra', '/privacy/x', '/feeds', '/business-plans'])(
    'answers %s with the 404 page',
    (pathname) => {
      expect(serverRendered(pathname)).toBe('not-found');
    },
  );

  it.each([
    '/business/login',
    '/business/register',
    '/business/dashboard',
    '/business/articles/x',
    '/profile',
    '/admin',
    '/admin/articles/edit/3',
  ])('leaves %s to the browser', (pathname) => {
    expect(serverRendered(pathname)).toBeNull();
  });
});

describe('renderPage', () => {
  const origin = 'https://ai-manabi.example';
  const apiBaseUrl = 'http://article-api.internal:4100/api';

  it('renders an unknown path as the 404 page with status 404, without public-site', async () => {
    const page = await renderPage({ url: '/no-such-page?x=1', origin, theme: 'dark', apiBaseUrl });
    expect(page.status).toBe(404);
    expect(page.remoteBuild).toBeNull();
    expect(page.data).toBe('');
    expect(page.root).toContain('ページが見つかりません');
    expect(page.head).toMatch(/<title>[^<]*AIまなび<\/title>/);
    // Its address names no page: nothing for crawlers or link previews to point at.
    expect(page.head).not.toContain('rel="canonical"');
    expect(page.head).not.toContain('no-such-page');
    // Styles carry the placeholder the shell server swaps for the response's nonce.
    expect(page.styles).toMatch(/^<style nonce="__CSP_NONCE__" /);
  });

  it('rejects a public page when public-site is not in the registry (the client-rendered page is sent)', async () => {
    await expect(renderPage({ url: '/articles', origin, theme: 'light', apiBaseUrl })).rejects.toThrow(
      'public_site is not in the registry',
    );
  });
});

import { createServerPage, type ServerPage } from 'shared-ui';
import { headTags } from './headTags';

/** The <head> of a server-rendered page, read back as a browser (or a link-preview bot) reads it. */
const ORIGIN = 'https://ai-manabi.example';

function parseHead(html: string) {
  const head = new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head></html>`, 'text/html').head;
  const meta = (key: string) =>
    head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
  return { head, meta };
}

const articlePage = (overrides: Partial<NonNullable<ServerPage['meta']>> = {}): ServerPage => ({
  ...createServerPage(),
  title: '生成AI入門 | AIまなび',
  meta: {
    title: '生成AI入門 | AIまなび',
    description: '生成AIの基本を学びます。',
    image: '/images/intro.png',
    url: '/articles/intro',
    type: 'article',
    article: { headline: '生成AI入門', datePublished: '2025-03-01' },
    ...overrides,
  },
});

describe('headTags', () => {
  it('gives an article its title, description, canonical URL and every share tag, absolute', () => {
    const { head, meta } = parseHead(headTags(articlePage(), `${ORIGIN}/articles/intro/?utm_source=line`));
    expect(head.querySelector('title')?.textContent).toBe('生成AI入門 | AIまなび');
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/articles/intro`);
    expect(meta('description')).toBe('生成AIの基本を学びます。');
    expect(meta('og:title')).toBe('生成AI入門 | AIまなび');
    expect(meta('og:description')).toBe('生成AIの基本を学びます。');
    expect(meta('og:image')).toBe(`${ORIGIN}/images/intro.png`);
    expect(meta('og:url')).toBe(`${ORIGIN}/articles/intro`);
    expect(meta('og:type')).toBe('article');
    expect(meta('og:locale')).toBe('ja_JP');
    expect(meta('og:site_name')).toBe('AIまなび');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:title')).toBe('生成AI入門 | AIまなび');
    expect(meta('twitter:description')).toBe('生成AIの基本を学びます。');
    expect(meta('twitter:image')).toBe(`${ORIGIN}/images/intro.png`);
  });

  it("gives a page without share metadata its own title, the site's description and the default image", () => {
    const page = { ...createServerPage(), title: '運営会社 | AIまなび' };
    const { head, meta } = parseHead(headTags(page, `${ORIGIN}/about/?ref=x`));
    expect(head.querySelector('title')?.textContent).toBe('運営会社 | AIまなび');
    // One canonical form: no trailing slash, no query.
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/about`);
    expect(meta('og:url')).toBe(`${ORIGIN}/about`);
    expect(meta('og:title')).toBe('運営会社 | AIまなび');
    expect(meta('description')).toMatch(/^AIまなびは、/);
    expect(meta('og:image')).toBe(`${ORIGIN}/og-default.png`);
    expect(meta('og:type')).toBe('website');
    expect(meta('og:locale')).toBe('ja_JP');
    expect(meta('og:site_name')).toBe('AIまなび');
  });

  it('keeps the home page canonical at /', () => {
    const { head } = parseHead(headTags(createServerPage(), `${ORIGIN}/?from=feed`));
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/`);
    expect(head.querySelector('title')?.textContent).toBe('AIまなび');
  });

  it('gives the 404 page no canonical or share URL: its address names no page', () => {
    const page = { ...createServerPage(), status: 404, title: 'ページが見つかりません | AIまなび' };
    const { head, meta } = parseHead(headTags(page, `${ORIGIN}/wp-login.php`));
    expect(head.querySelector('title')?.textContent).toBe('ページが見つかりません | AIまなび');
    expect(head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(meta('og:url')).toBeNull();
    expect(head.innerHTML).not.toContain('wp-login');
    // The rest of the share card is the site's, as on any page without metadata of its own.
    expect(meta('og:title')).toBe('ページが見つかりません | AIまなび');
    expect(meta('og:image')).toBe(`${ORIGIN}/og-default.png`);
  });

  it('adds JSON-LD Article data on articles, with an absolute image and the publisher', () => {
    const { head } = parseHead(headTags(articlePage(), `${ORIGIN}/articles/intro`));
    const scripts = head.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]?.textContent ?? '')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: '生成AI入門',
      description: '生成AIの基本を学びます。',
      datePublished: '2025-03-01',
      image: [`${ORIGIN}/images/intro.png`],
      mainEntityOfPage: `${ORIGIN}/articles/intro`,
      publisher: { '@type': 'Organization', name: '株式会社AIまなび', url: 'https://ai-manabi.co.jp/' },
    });
  });

  it('keeps an absolute image URL as it is', () => {
    const page = articlePage({ image: 'https://cdn.example.com/a.png' });
    const { head, meta } = parseHead(headTags(page, `${ORIGIN}/articles/intro`));
    expect(meta('og:image')).toBe('https://cdn.example.com/a.png');
    const data = JSON.parse(head.querySelector('script')?.textContent ?? '') as { image: string[] };
    expect(data.image).toEqual(['https://cdn.example.com/a.png']);
  });

  it('adds no JSON-LD to pages that are not articles', () => {
    const listPage = articlePage({ type: undefined, article: undefined });
    expect(headTags(listPage, `${ORIGIN}/articles`)).not.toContain('application/ld+json');
    expect(headTags(createServerPage(), `${ORIGIN}/about`)).not.toContain('<script');
  });

  it('escapes quotes, ampersands and angle brackets in titles and descriptions', () => {
    const title = '"引用" & <b>太字</b> \'AI\'';
    const page = articlePage({ title, description: 'A&B "C" <D>' });
    const html = headTags({ ...page, title }, `${ORIGIN}/articles/intro`);
    const { head, meta } = parseHead(html);
    expect(head.querySelector('title')?.textContent).toBe(title);
    expect(head.querySelector('b')).toBeNull();
    expect(meta('og:title')).toBe(title);
    expect(meta('twitter:description')).toBe('A&B "C" <D>');
    // Every tag survived: no attribute was cut short by a quote.
    expect(head.querySelectorAll('meta')).toHaveLength(12);
  });

  it('keeps `</script>` in a headline from closing the JSON-LD element', () => {
    const headline = '</script><script>window.pwned = 1</script><!--';
    const page = articlePage({ article: { headline, datePublished: '2025-03-01' } });
    const html = headTags(page, `${ORIGIN}/articles/intro`);
    const { head } = parseHead(html);
    const scripts = head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect((JSON.parse(scripts[0]?.textContent ?? '') as { headline: string }).headline).toBe(headline);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
  });
});

import type { Article } from 'shared-articles';
import { contentItems, contentSlug } from 'shared-articles/contents';
import { seedArticles } from 'shared-articles/seed';
import { makeArticle } from 'shared-articles/testing';
import { fakeFetch } from 'shared-data/testing';
import { feedXml, robotsTxt, siteDocument, sitemapXml } from './siteDocuments';

/** sitemap.xml, feed.xml and robots.txt, read back as a crawler or feed reader would. */
const ORIGIN = 'https://ai-manabi.example';
const API = 'http://article-api.internal:4100/api';

const article = (id: number, overrides: Partial<Article> = {}): Article => makeArticle({ id, ...overrides });

// Newest first, as publicArticles() returns them; one title needs escaping.
const articles = [
  article(3, { date: '2025-03-01', title: 'R&D <入門> "AI"', slug: 'r-and-d', content: '<p>A&amp;B の話</p>' }),
  article(2, { date: '2025-02-10', slug: 'second' }),
  article(1, { date: '2024-12-24', slug: 'first' }),
];

/** Parses XML strictly: a document that is not well-formed throws. */
function parseXml(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed: ${error.textContent}`);
  return doc;
}

const texts = (doc: Document, tag: string) => [...doc.getElementsByTagName(tag)].map((node) => node.textContent);

describe('sitemapXml', () => {
  const doc = parseXml(sitemapXml(articles, ORIGIN));
  const entries = [...doc.getElementsByTagName('url')].map((url) => ({
    loc: url.getElementsByTagName('loc')[0]?.textContent,
    lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? null,
  }));
  const lastmodOf = (path: string) => entries.find((entry) => entry.loc === `${ORIGIN}${path}`)?.lastmod;

  it('is a well-formed sitemap', () => {
    expect(doc.documentElement.localName).toBe('urlset');
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  });

  it('lists every public page, content item and article once, as absolute URLs', () => {
    const locs = entries.map((entry) => entry.loc);
    for (const path of ['/', '/about', '/contents', '/articles', '/privacy', '/terms']) {
      expect(locs).toContain(`${ORIGIN}${path}`);
    }
    for (const item of contentItems) expect(locs).toContain(`${ORIGIN}/contents/${contentSlug(item)}`);
    for (const { slug } of articles) expect(locs).toContain(`${ORIGIN}/articles/${slug}`);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toHaveLength(6 + contentItems.length + articles.length);
  });

  it("dates each article by its date, and the home and list pages by the newest article's", () => {
    expect(lastmodOf('/articles/r-and-d')).toBe('2025-03-01');
    expect(lastmodOf('/articles/second')).toBe('2025-02-10');
    expect(lastmodOf('/articles/first')).toBe('2024-12-24');
    expect(lastmodOf('/')).toBe('2025-03-01');
    expect(lastmodOf('/articles')).toBe('2025-03-01');
  });

  it('is still well-formed without articles', () => {
    const empty = parseXml(sitemapXml([], ORIGIN));
    expect(empty.getElementsByTagName('url')).toHaveLength(6 + contentItems.length);
    expect(empty.getElementsByTagName('lastmod')).toHaveLength(0);
  });
});

describe('feedXml', () => {
  const doc = parseXml(feedXml(articles, ORIGIN));
  const items = [...doc.getElementsByTagName('item')];
  const field = (item: Element | undefined, tag: string) => item?.getElementsByTagName(tag)[0]?.textContent;

  it('is a well-formed RSS 2.0 feed that names itself', () => {
    expect(doc.documentElement.localName).toBe('rss');
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    const self = doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0];
    expect(self?.getAttribute('href')).toBe(`${ORIGIN}/feed.xml`);
    expect(self?.getAttribute('rel')).toBe('self');
    expect(texts(doc, 'language')).toEqual(['ja']);
  });

  it('has every article, newest first, with its link, guid and escaped title', () => {
    expect(items.map((item) => field(item, 'title'))).toEqual(['R&D <入門> "AI"', '記事2', '記事1']);
    expect(field(items[0], 'link')).toBe(`${ORIGIN}/articles/r-and-d`);
    expect(field(items[0], 'guid')).toBe(`${ORIGIN}/articles/r-and-d`);
    expect(field(items[0], 'description')).toBe('A&B の話');
    expect(field(items[0], 'category')).toBe('生成AI初心者');
  });

  it('dates items in RFC 822 (midnight in Japan), and the feed by its newest item', () => {
    const rfc822 =
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
    const dates = items.map((item) => field(item, 'pubDate'));
    for (const date of dates) expect(date).toMatch(rfc822);
    expect(dates[0]).toBe('Fri, 28 Feb 2025 15:00:00 GMT');
    expect(texts(doc, 'lastBuildDate')).toEqual(['Fri, 28 Feb 2025 15:00:00 GMT']);
  });

  it('keeps the newest 50 articles', () => {
    const many = Array.from({ length: 60 }, (_, index) => article(index + 1));
    expect(parseXml(feedXml(many, ORIGIN)).getElementsByTagName('item')).toHaveLength(50);
  });

  it('is still well-formed without articles', () => {
    const empty = parseXml(feedXml([], ORIGIN));
    expect(empty.getElementsByTagName('item')).toHaveLength(0);
    expect(empty.getElementsByTagName('lastBuildDate')).toHaveLength(0);
  });
});

describe('robotsTxt', () => {
  const lines = robotsTxt(ORIGIN).split('\n');

  it('allows the public site, keeps crawlers out of the signed-in areas and names the sitemap', () => {
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /business',
        'Disallow: /admin',
        'Disallow: /profile',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
    expect(lines.indexOf('User-agent: *')).toBe(0);
  });

  it('disallows nothing public', () => {
    const disallowed = lines.filter((line) => line.startsWith('Disallow:')).map((line) => line.slice(10));
    for (const path of disallowed) expect(['/', '/articles', '/about', '/contents']).not.toContain(path);
  });
});

describe('siteDocument', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("lists the service's articles", async () => {
    const fetchMock = fakeFetch(() => ({ status: 200, body: articles }));
    const sitemap = await siteDocument('/sitemap.xml', ORIGIN, API);
    expect(fetchMock).toHaveBeenCalledWith(`${API}/articles`, expect.anything());
    expect(sitemap?.type).toBe('application/xml; charset=utf-8');
    expect(texts(parseXml(sitemap?.body ?? ''), 'loc')).toContain(`${ORIGIN}/articles/second`);
  });

  it('falls back to the seed articles when the article service is down', async () => {
    fakeFetch(() => 'network-error');
    const feed = await siteDocument('/feed.xml', ORIGIN, API);
    expect(feed?.type).toBe('application/rss+xml; charset=utf-8');
    const links = texts(parseXml(feed?.body ?? ''), 'link');
    for (const { slug } of seedArticles.slice(0, 3)) expect(links).toContain(`${ORIGIN}/articles/${slug}`);
  });

  it('serves robots.txt as text and nothing for other paths', async () => {
    expect(await siteDocument('/robots.txt', ORIGIN, API)).toEqual({
      type: 'text/plain; charset=utf-8',
      body: robotsTxt(ORIGIN),
    });
    expect(await siteDocument('/favicon.ico', ORIGIN, API)).toBeNull();
  });
});

// What a media site serves to crawlers and feed readers: sitemap.xml, robots.txt and an RSS 2.0
// feed of the articles, built from the same article API the pages use.
import { createArticleClient, metaDescription, sortNewestFirst, type Article } from 'shared-articles';
import { contentItems, contentSlug } from 'shared-articles/contents';
import { paths, site } from 'shared-core';

const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** Every public article, newest first; the seed (the build's snapshot) when the API is down. */
export async function publicArticles(apiBaseUrl: string): Promise<Article[]> {
  try {
    const client = createArticleClient({ baseUrl: apiBaseUrl, timeoutMs: 3000 });
    return sortNewestFirst(await client.list());
  } catch {
    const { seedArticles } = await import('shared-articles/seed');
    return sortNewestFirst(seedArticles);
  }
}

/** Static pages with the date they last changed in substance (the legal texts, the about page). */
const STATIC_PAGES = [paths.home, paths.about, paths.contents, paths.articles, paths.privacy, paths.terms];

export function sitemapXml(articles: readonly Article[], origin: string): string {
  const newest = articles[0]?.date;
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${escapeXml(new URL(path, origin).href)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((path) => url(path, path === paths.home || path === paths.articles ? newest : undefined)),
    ...contentItems.map((item) => url(paths.content(contentSlug(item)))),
    ...articles.map((article) => url(paths.article(article.slug), article.date)),
    '</urlset>',
  ].join('\n');
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // The signed-in areas: nothing there for a crawler.
    'Disallow: /business',
    `Disallow: ${paths.admin}`,
    `Disallow: ${paths.profile}`,
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}

/** RFC 822 dates, as RSS 2.0 wants them (articles carry a date only: midnight in Japan). */
const rfc822 = (isoDate: string) => new Date(`${isoDate}T00:00:00+09:00`).toUTCString();

export function feedXml(articles: readonly Article[], origin: string): string {
  const link = (path: string) => escapeXml(new URL(path, origin).href);
  const items = articles
    .slice(0, 50)
    .map((article) =>
      [
        '<item>',
        `<title>${escapeXml(article.title)}</title>`,
        `<link>${link(paths.article(article.slug))}</link>`,
        `<guid isPermaLink="true">${link(paths.article(article.slug))}</guid>`,
        `<description>${escapeXml(metaDescription(article.content))}</description>`,
        `<category>${escapeXml(article.category)}</category>`,
        `<pubDate>${rfc822(article.date)}</pubDate>`,
        '</item>',
      ].join(''),
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(site.productName)}</title>`,
    `<link>${link(paths.home)}</link>`,
    `<description>${escapeXml(site.description)}</description>`,
    '<language>ja</language>',
    `<atom:link href="${link('/feed.xml')}" rel="self" type="application/rss+xml"/>`,
    ...(articles[0] ? [`<lastBuildDate>${rfc822(articles[0].date)}</lastBuildDate>`] : []),
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n');
}

/** The document at `pathname` for `origin`, or null when it is none of these. */
export async function siteDocument(
  pathname: string,
  origin: string,
  apiBaseUrl: string,
): Promise<{ type: string; body: string } | null> {
  if (pathname === '/robots.txt') return { type: 'text/plain; charset=utf-8', body: robotsTxt(origin) };
  if (pathname === '/sitemap.xml')
    return { type: 'application/xml; charset=utf-8', body: sitemapXml(await publicArticles(apiBaseUrl), origin) };
  if (pathname === '/feed.xml')
    return { type: 'application/rss+xml; charset=utf-8', body: feedXml(await publicArticles(apiBaseUrl), origin) };
  return null;
}

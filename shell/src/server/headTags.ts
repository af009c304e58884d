import { site } from 'shared-core';
import { documentTitle, type ServerPage, type SocialMeta } from 'shared-ui';
import { socialMetaTags } from 'shared-ui/page';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: `<` escaped so no string in it can close the element. */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Pages without share metadata of their own share the page title and the site's description. */
function metaFor(page: ServerPage, pathname: string): SocialMeta {
  return (
    page.meta ?? {
      title: page.title ?? documentTitle(null),
      description: site.description,
      image: site.defaultShareImage,
      url: pathname,
    }
  );
}

function articleJsonLd(meta: SocialMeta, pageUrl: string): string {
  if (!meta.article) return '';
  const absolute = (value: string) => new URL(value, pageUrl).href;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: meta.article.headline,
    description: meta.description,
    datePublished: meta.article.datePublished,
    image: [absolute(meta.image)],
    mainEntityOfPage: absolute(meta.url ?? pageUrl),
    publisher: { '@type': 'Organization', name: site.companyName, url: site.companyUrl },
  };
  return `<script type="application/ld+json">${scriptSafeJson(data)}</script>`;
}

/**
 * The <head> of a server-rendered page: title, description, canonical URL, Open Graph and
 * Twitter card tags, and JSON-LD on articles — from what the page itself reported while rendering.
 */
export function headTags(page: ServerPage, pageUrl: string): string {
  // One canonical form per page: no trailing slash, no query.
  const meta = metaFor(page, new URL(pageUrl).pathname.replace(/(.)\/+$/, '$1'));
  const tags = socialMetaTags(meta, pageUrl);
  const canonical = tags.find((tag) => tag.key === 'og:url')?.content ?? pageUrl;
  // A page answered with an error status (the 404 page) is not the page its URL names: it has no
  // canonical or share URL to give crawlers and link previews.
  const isPage = page.status < 400;
  return [
    `<title>${escapeHtml(page.title ?? meta.title)}</title>`,
    isPage ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    ...tags
      .filter((tag) => isPage || tag.key !== 'og:url')
      .map((tag) => `<meta ${tag.attribute}="${tag.key}" content="${escapeHtml(tag.content)}">`),
    articleJsonLd(meta, pageUrl),
  ].join('');
}

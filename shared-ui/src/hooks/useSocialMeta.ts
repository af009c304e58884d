import { useEffect } from 'react';
import { site } from 'shared-core';
import { useServerPage, type SocialMeta } from 'shared-context';

export type { SocialMeta };

export type SocialMetaTag = { attribute: 'property' | 'name'; key: string; content: string };

/** The <meta> tags of `meta`, with URLs made absolute against `pageUrl` (the page's own URL). */
export function socialMetaTags(meta: SocialMeta, pageUrl: string): SocialMetaTag[] {
  const absolute = (value: string) => new URL(value, pageUrl).href;
  const url = absolute(meta.url ?? new URL(pageUrl).pathname);
  const image = absolute(meta.image);
  return [
    { attribute: 'name', key: 'description', content: meta.description },
    { attribute: 'property', key: 'og:title', content: meta.title },
    { attribute: 'property', key: 'og:description', content: meta.description },
    { attribute: 'property', key: 'og:image', content: image },
    { attribute: 'property', key: 'og:url', content: url },
    { attribute: 'property', key: 'og:type', content: meta.type ?? 'website' },
    // Without og:locale Open Graph assumes en_US, and its format is language_TERRITORY (a bare `ja`
    // is not one). The site name is what link previews show beside the page's title.
    { attribute: 'property', key: 'og:locale', content: 'ja_JP' },
    { attribute: 'property', key: 'og:site_name', content: site.productName },
    { attribute: 'name', key: 'twitter:card', content: 'summary_large_image' },
    { attribute: 'name', key: 'twitter:title', content: meta.title },
    { attribute: 'name', key: 'twitter:description', content: meta.description },
    { attribute: 'name', key: 'twitter:image', content: image },
  ];
}

/**
 * Sets Open Graph / Twitter card <meta> tags in <head> while the page is shown, and on leaving
 * restores what was there before (tags it created are removed). Pass null while data loads.
 */
export function useSocialMeta(meta: SocialMeta | null): void {
  const serverPage = useServerPage();
  if (meta) serverPage?.report({ meta });
  const { title, description, image, url, type } = meta ?? {};
  useEffect(() => {
    if (title === undefined || description === undefined || image === undefined) return;
    const restore: Array<() => void> = [];
    for (const tag of socialMetaTags({ title, description, image, url, type }, window.location.href)) {
      let element = document.head.querySelector<HTMLMetaElement>(`meta[${tag.attribute}="${tag.key}"]`);
      if (element) {
        const previous = element.content;
        const existing = element;
        restore.push(() => existing.setAttribute('content', previous));
      } else {
        element = document.createElement('meta');
        element.setAttribute(tag.attribute, tag.key);
        document.head.appendChild(element);
        const created = element;
        restore.push(() => created.remove());
      }
      element.setAttribute('content', tag.content);
    }
    return () => restore.forEach((undo) => undo());
  }, [title, description, image, url, type]);
}

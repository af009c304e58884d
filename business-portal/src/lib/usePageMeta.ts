import { useEffect } from 'react';
import { site } from 'shared-core';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute or site-relative; relative URLs are made absolute, as crawlers require. */
  image: string;
  url: string;
}

type MetaAttribute = 'name' | 'property';

/** Sets one <meta> in <head> and returns how to put back what was there before. */
function setMeta(attribute: MetaAttribute, key: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = element === null;
  const previous = element?.getAttribute('content') ?? null;
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
  const target = element;
  return () => {
    if (created) target.remove();
    else if (previous !== null) target.setAttribute('content', previous);
  };
}

const absolute = (url: string): string => new URL(url, window.location.origin).href;

/**
 * The social-share metadata of an article page (spec section 2), set while the page is shown.
 * The page's static description is updated in place rather than duplicated, and restored after.
 */
export function usePageMeta(meta: PageMeta | null): void {
  const title = meta ? `${meta.title} | ${site.productName}` : null;
  const description = meta?.description ?? null;
  const image = meta ? absolute(meta.image) : null;
  const url = meta ? absolute(meta.url) : null;

  useEffect(() => {
    if (title === null || description === null || image === null || url === null) return;
    const restore = [
      setMeta('name', 'description', description),
      setMeta('property', 'og:title', title),
      setMeta('property', 'og:description', description),
      setMeta('property', 'og:image', image),
      setMeta('property', 'og:url', url),
      setMeta('property', 'og:type', 'article'),
      setMeta('name', 'twitter:card', 'summary_large_image'),
      setMeta('name', 'twitter:title', title),
      setMeta('name', 'twitter:description', description),
      setMeta('name', 'twitter:image', image),
    ];
    return () => restore.forEach((undo) => undo());
  }, [title, description, image, url]);
}

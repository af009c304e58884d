/**
 * The one HTML allow-list for article content (entry `shared-articles/sanitize-policy`). The API
 * sanitises on write with DOMPurify on a jsdom window; the browser runs the same policy with its
 * own DOMPurify before rendering. Typed structurally so this package needs no DOMPurify dependency.
 */

const TEXT_TAGS = ['p', 'h2', 'h3', 'h4', 'strong', 'em', 'blockquote', 'br', 'hr', 'code', 'pre'];
const LIST_TAGS = ['ul', 'ol', 'li'];
const TABLE_TAGS = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
const LINK_AND_MEDIA_TAGS = ['a', 'img', 'figure', 'figcaption', 'iframe'];

export const ALLOWED_TAGS: readonly string[] = [...TEXT_TAGS, ...LIST_TAGS, ...TABLE_TAGS, ...LINK_AND_MEDIA_TAGS];

const LINK_ATTRIBUTES = ['href', 'target', 'rel'];
const IMAGE_ATTRIBUTES = ['src', 'alt', 'width', 'height', 'loading'];
const IFRAME_ATTRIBUTES = ['title', 'allow', 'allowfullscreen', 'frameborder', 'referrerpolicy'];
const TABLE_CELL_ATTRIBUTES = ['colspan', 'rowspan', 'scope'];

export const ALLOWED_ATTRIBUTES: readonly string[] = [
  ...LINK_ATTRIBUTES,
  ...IMAGE_ATTRIBUTES, // img and iframe
  ...IFRAME_ATTRIBUTES,
  ...TABLE_CELL_ATTRIBUTES,
];

const YOUTUBE_EMBED_HOSTS = new Set(['www.youtube.com', 'www.youtube-nocookie.com']);

/** Only YouTube embeds over https: https://www.youtube.com/embed/… or https://www.youtube-nocookie.com/embed/… */
export function isAllowedIframeSrc(src: string | null | undefined): boolean {
  if (!src) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && YOUTUBE_EMBED_HOSTS.has(url.hostname) && url.pathname.startsWith('/embed/');
  } catch {
    return false;
  }
}

/** javascript:, vbscript: and data: URLs, ignoring the whitespace/control characters browsers ignore too. */
export function isScriptableUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  return /^(?:javascript|vbscript|data):/.test(compact);
}

/** The subset of DOMPurify's config this policy sets. */
export interface SanitizeConfig {
  ALLOWED_TAGS: string[];
  ALLOWED_ATTR: string[];
  ALLOW_DATA_ATTR: boolean;
  ALLOW_ARIA_ATTR: boolean;
}

/** The part of a DOMPurify instance the policy uses (browser `DOMPurify` or `createDOMPurify(jsdomWindow)`). */
export interface PurifyInstance {
  sanitize(dirty: string, config: SanitizeConfig): string;
  addHook(entryPoint: 'uponSanitizeElement', hook: (node: Node, data: { tagName: string }) => void): void;
  addHook(entryPoint: 'afterSanitizeAttributes', hook: (node: Element) => void): void;
}

/** A fresh config object each time, so no caller can alter the allow-list for everyone. */
export function createSanitizeConfig(): SanitizeConfig {
  return {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  };
}

function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}

function dropForeignIframes(node: Node, data: { tagName: string }): void {
  if (data.tagName === 'iframe' && isElement(node) && !isAllowedIframeSrc(node.getAttribute('src'))) {
    node.parentNode?.removeChild(node);
  }
}

function secureLinksAndUrls(node: Element): void {
  for (const attribute of ['href', 'src']) {
    const value = node.getAttribute(attribute);
    // DOMPurify already refuses javascript:, but lets data: through on <img>: neither belongs in an article.
    if (value !== null && isScriptableUrl(value)) node.removeAttribute(attribute);
  }
  if (node.tagName === 'A' && node.hasAttribute('target')) {
    if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    else node.removeAttribute('target');
  }
}

const instancesWithHooks = new WeakSet<PurifyInstance>();

/** Registers the policy's hooks on `purify` (once per instance) and returns the config to sanitise with. */
export function applySanitizePolicy(purify: PurifyInstance): SanitizeConfig {
  if (!instancesWithHooks.has(purify)) {
    purify.addHook('uponSanitizeElement', dropForeignIframes);
    purify.addHook('afterSanitizeAttributes', secureLinksAndUrls);
    instancesWithHooks.add(purify);
  }
  return createSanitizeConfig();
}

/** Article HTML made safe to store and to render with innerHTML. */
export function sanitizeArticleHtml(purify: PurifyInstance, html: string): string {
  return purify.sanitize(html, applySanitizePolicy(purify));
}

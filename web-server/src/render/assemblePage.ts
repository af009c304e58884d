// The HTML of a page: the shell's index.html laid out once around the parts that differ per
// response (theme, nonce, rendered head, styles, markup and data).
import { NONCE_PLACEHOLDER, type RenderedPage, type RenderTheme } from 'shell/server-contract';
import type { Starter } from './starter';

const escapeAttribute = (value: string) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A request's theme from its `theme` cookie (the mirror of localStorage's `theme`). */
export function themeFromCookie(cookieHeader: string | undefined): RenderTheme | null {
  const match = /(?:^|;\s*)theme=([^;]*)/.exec(cookieHeader ?? '');
  const value = match?.[1]?.trim();
  return value === 'dark' || value === 'light' ? value : null;
}

/**
 * The cookie the starter sets once this browser has fetched the heading font (shell/public/after-paint.js
 * names it too): its pages are then served to use the font from their first paint.
 */
export const FONTS_COOKIE = 'fonts=montserrat';

/** Whether a request's cookies say the browser has the heading font (FONTS_COOKIE). */
export const fontsCachedFromCookie = (cookieHeader: string | undefined): boolean =>
  (cookieHeader ?? '').split(/;\s*/).includes(FONTS_COOKIE);

/** An external script (the shell's entry), and the hints that only serve scripts. */
const SCRIPT_TAG = /<script\b[^>]*\bsrc=[^>]*><\/script>/g;
const SCRIPT_HINT =
  /<link\b(?=[^>]*\brel=["']?(?:preload|modulepreload)\b)(?=[^>]*\bas=["']?(?:script|fetch)\b)[^>]*>/g;
/** A font's preload (the heading font, Montserrat). */
const FONT_HINT = /<link\b(?=[^>]*\brel=["']?preload\b)(?=[^>]*\bas=["']?font\b)[^>]*>/g;

export interface PageParts {
  nonce: string;
  /** the response's view token (viewTokens.ts), read by the shell's health reports; absent: none */
  token?: string | undefined;
  headExtra: string;
  theme: RenderTheme | null;
  rendered?: Pick<RenderedPage, 'head' | 'styles' | 'root' | 'data'> | null;
  /** the starter a rendered page inlines (starter.ts); absent: the page loads /after-paint.js */
  starter?: Starter | null;
  /** the browser has the heading font (fontsCachedFromCookie); absent: not known to */
  fontsCached?: boolean;
}

/** How a template is laid out: rendered or not, its starter, and whether its headings wait for the font. */
interface Layout {
  rendered: boolean;
  starter: Starter | null;
  /**
   * A rendered page for a browser not known to have the heading font: its headings do not ask
   * for it (<html data-fonts="later">, shared-context's GlobalStyle), the font's preload is left
   * out, and the starter fetches the font after the first paint for the next pages. Montserrat is
   * `font-display: optional`: one not in hand when the page is first rendered is never used on
   * that page (Chrome), so a first view could only have it by a preload that finished before the
   * first paint — a request of its own the first paint does not need, which Lighthouse's
   * simulation charges to LCP (docs/performance.md). The next pages preload it from the cache.
   */
  fontsLater: boolean;
}

/**
 * The page's HTML: the shell's index.html (`template`) with the theme on <html> and, when the page
 * was rendered, its head, styles, markup and data in place of the empty #root.
 */
export function assemblePage(
  template: string,
  { nonce, token, headExtra, theme, rendered, starter = null, fontsCached = false }: PageParts,
): string {
  const layout = { rendered: Boolean(rendered), starter, fontsLater: Boolean(rendered) && !fontsCached };
  const parts = laidOut(template, headExtra, layout);
  // The colour scheme is a <meta> (the CSP refuses style attributes), so even a client-rendered
  // page starts dark.
  const colorScheme = theme ? `<meta name="color-scheme" content="${theme}">` : '';
  const values: Record<string, string> = {
    htmlTag:
      `<html lang="ja"${rendered ? ' data-ssr' : ''}${theme ? ` data-theme="${theme}"` : ''}` +
      `${layout.fontsLater ? ' data-fonts="later"' : ''}` +
      // Its lazy images wait for the inline starter to mark the page painted (shared-context's
      // GlobalStyle); never for the file, which could fail to load.
      `${rendered && starter ? ' data-images="after-paint"' : ''}>`,
    head:
      `<meta property="csp-nonce" nonce="${escapeAttribute(nonce)}">${colorScheme}` +
      (token === undefined ? '' : `<meta name="view-token" content="${escapeAttribute(token)}">`),
    renderedHead: rendered?.head ?? '',
    styles: rendered ? rendered.styles.split(NONCE_PLACEHOLDER).join(escapeAttribute(nonce)) : '',
    root: rendered?.root ?? '',
    data: rendered?.data ?? '',
  };
  let html = '';
  for (let index = 0; index < parts.length; index++) html += index % 2 === 0 ? parts[index] : values[parts[index]!];
  return html;
}

/**
 * Where a response's own part goes in a laid-out template. No template or head tag holds U+E000 (a
 * private-use character), and the parts are put in after the split, so no page text can act as one.
 */
const slot = (name: string) => `\uE000${name}\uE000`;
const SLOTS = /\uE000(\w+)\uE000/;
/** Layouts of the current template, per head tags and rendered or not (a few per path pattern). */
const layouts = { template: '', starter: null as Starter | null, byHead: new Map<string, string[]>() };
const MAX_LAYOUTS = 100;

/**
 * The template laid out around the response's own parts, once per template, head tags and kind
 * of page: `[text, slot name, text, slot name, …, text]`. Laying it out took a handful of
 * regular-expression passes and copies of the whole page on every response; now a response only
 * joins its parts.
 */
function laidOut(template: string, headExtra: string, layout: Layout): string[] {
  const { starter } = layout;
  if (layouts.template !== template || layouts.starter !== starter || layouts.byHead.size >= MAX_LAYOUTS) {
    layouts.template = template;
    layouts.starter = starter;
    layouts.byHead.clear();
  }
  const key = `${layout.rendered ? 'rendered' : 'client'} ${layout.fontsLater ? 'fonts later' : ''}\n${headExtra}`;
  let parts = layouts.byHead.get(key);
  if (!parts) {
    parts = layOut(template, headExtra, layout).split(SLOTS);
    layouts.byHead.set(key, parts);
  }
  return parts;
}

/** The template with slots for the response's own parts (see assemblePage). */
function layOut(template: string, headExtra: string, { rendered, starter, fontsLater }: Layout): string {
  // The template is minified (attribute quotes may be gone): match loosely.
  let html = template.replace(/<html[^>]*>/, slot('htmlTag'));
  let extra = slot('head') + headExtra;
  if (fontsLater) {
    html = html.replace(FONT_HINT, '');
    extra = extra.replace(FONT_HINT, '');
  }
  if (rendered) {
    // The page's scripts and their preloads wait for its first paint (shell/public/after-paint.js);
    // taken from the template and the extra head tags only, never from the rendered markup.
    const later: string[] = [];
    const takeLater = (tag: string) => {
      later.push(tag);
      return '';
    };
    html = html.replace(SCRIPT_TAG, takeLater).replace(SCRIPT_HINT, takeLater);
    extra = extra.replace(SCRIPT_TAG, takeLater).replace(SCRIPT_HINT, takeLater);
    extra += slot('renderedHead') + slot('styles');
    // Even with no tags to start: the starter also marks the page painted for its images.
    extra += `<script type="application/json" id="after-paint">${JSON.stringify(later).replace(/</g, '\\u003c')}</script>`;
    html = html
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta name="?description"?[^>]*>/, '')
      // Readable without JavaScript: the "enable JavaScript" notice does not apply.
      .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
      .replace(/<div id="?root"?><\/div>/, () => `<div id="root">${slot('root')}</div>${slot('data')}`);
    // The starter goes last in the body, inline (its CSP hash lets it run): one request less
    // before the first paint, and it still runs once the markup is parsed. Without one, the
    // file, async (it runs in a task of its own once the page is parsed).
    const bodyEnd = html.lastIndexOf('</body>');
    if (bodyEnd >= 0) {
      const tag = starter ? `<script>${starter.source}</script>` : '<script async src="/after-paint.js"></script>';
      html = `${html.slice(0, bodyEnd)}${tag}${html.slice(bodyEnd)}`;
    }
  }
  // Right after <meta charset>, which must come first.
  return /<meta charset=[^>]*>/.test(html)
    ? html.replace(/<meta charset=[^>]*>/, (charset) => charset + extra)
    : html.replace('<head>', () => `<head>${extra}`);
}

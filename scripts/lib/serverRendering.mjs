// The shell server's side of server rendering: loads the shell's renderer (shell/dist/server),
// decides which requests it renders, caches the results against the API's change version and
// assembles the HTML. Whatever fails, the caller gets null and sends the client-rendered page.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isServiceVersion, watchApiVersion } from './apiVersion.mjs';
import { createPageCache } from './pageCache.mjs';
import { createRenderPool } from './renderPool.mjs';

const require = createRequire(import.meta.url);
/** After a failure, the same public-site release is not tried again for this long. */
const RETRY_AFTER_MS = 5000;

const escapeAttribute = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A request's theme from its `theme` cookie (the mirror of localStorage's `theme`). */
export function themeFromCookie(cookieHeader) {
  const match = /(?:^|;\s*)theme=([^;]*)/.exec(cookieHeader ?? '');
  const value = match?.[1]?.trim();
  return value === 'dark' || value === 'light' ? value : null;
}

/** An external script (the shell's entry), and the hints that only serve scripts. */
const SCRIPT_TAG = /<script\b[^>]*\bsrc=[^>]*><\/script>/g;
const SCRIPT_HINT =
  /<link\b(?=[^>]*\brel=["']?(?:preload|modulepreload)\b)(?=[^>]*\bas=["']?(?:script|fetch)\b)[^>]*>/g;

/**
 * The page's HTML: the shell's index.html with the theme on <html> and, when the page was
 * rendered, its head, styles, markup and data in place of the empty #root.
 * @param {string} template  the shell's index.html
 * @param {{ nonce: string, headExtra: string, theme: 'light' | 'dark' | null, rendered?: { head: string, styles: string, root: string, data: string } | null, noncePlaceholder?: string }} parts
 */
export function assemblePage(template, { nonce, headExtra, theme, rendered, noncePlaceholder = '__CSP_NONCE__' }) {
  const parts = laidOut(template, headExtra, Boolean(rendered));
  // The colour scheme is a <meta> (the CSP refuses style attributes), so even a client-rendered
  // page starts dark.
  const colorScheme = theme ? `<meta name="color-scheme" content="${theme}">` : '';
  const values = {
    htmlTag: `<html lang="ja"${rendered ? ' data-ssr' : ''}${theme ? ` data-theme="${theme}"` : ''}>`,
    head: `<meta property="csp-nonce" nonce="${escapeAttribute(nonce)}">${colorScheme}`,
    renderedHead: rendered?.head ?? '',
    styles: rendered ? rendered.styles.split(noncePlaceholder).join(escapeAttribute(nonce)) : '',
    root: rendered?.root ?? '',
    data: rendered?.data ?? '',
  };
  let html = '';
  for (let index = 0; index < parts.length; index++) html += index % 2 === 0 ? parts[index] : values[parts[index]];
  return html;
}

/**
 * Where a response's own part goes in a laid-out template. No template or head tag holds U+E000 (a
 * private-use character), and the parts are put in after the split, so no page text can act as one.
 */
const slot = (name) => `\uE000${name}\uE000`;
const SLOTS = /\uE000(\w+)\uE000/;
/** Layouts of the current template, per head tags and rendered or not (a few per path pattern). */
const layouts = { template: '', byHead: new Map() };
const MAX_LAYOUTS = 100;

/**
 * The template laid out around the response's own parts, once per template, head tags and kind
 * of page: `[text, slot name, text, slot name, …, text]`. Laying it out took a handful of
 * regular-expression passes and copies of the whole page on every response; now a response only
 * joins its parts.
 */
function laidOut(template, headExtra, rendered) {
  if (layouts.template !== template || layouts.byHead.size >= MAX_LAYOUTS) {
    layouts.template = template;
    layouts.byHead.clear();
  }
  const key = `${rendered ? 'rendered' : 'client'}\n${headExtra}`;
  let parts = layouts.byHead.get(key);
  if (!parts) {
    parts = layOut(template, headExtra, rendered).split(SLOTS);
    layouts.byHead.set(key, parts);
  }
  return parts;
}

/** The template with slots for the response's own parts (see assemblePage). */
function layOut(template, headExtra, rendered) {
  // The template is minified (attribute quotes may be gone): match loosely.
  let html = template.replace(/<html[^>]*>/, slot('htmlTag'));
  let extra = slot('head') + headExtra;
  if (rendered) {
    // The page's scripts and their preloads wait for its first paint (shell/public/after-paint.js);
    // taken from the template and the extra head tags only, never from the rendered markup.
    const later = [];
    const takeLater = (tag) => {
      later.push(tag);
      return '';
    };
    html = html.replace(SCRIPT_TAG, takeLater).replace(SCRIPT_HINT, takeLater);
    extra = extra.replace(SCRIPT_TAG, takeLater).replace(SCRIPT_HINT, takeLater);
    extra += slot('renderedHead') + slot('styles');
    if (later.length > 0) {
      extra += `<script type="application/json" id="after-paint">${JSON.stringify(later).replace(/</g, '\\u003c')}</script>`;
    }
    html = html
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta name="?description"?[^>]*>/, '')
      // Readable without JavaScript: the "enable JavaScript" notice does not apply.
      .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
      .replace(/<div id="?root"?><\/div>/, () => `<div id="root">${slot('root')}</div>${slot('data')}`);
    // The starter goes last in the body, async: it runs in a task of its own once the page is
    // parsed, not in the parser's task that also lays the page out (a defer script's is).
    const bodyEnd = html.lastIndexOf('</body>');
    if (later.length > 0 && bodyEnd >= 0) {
      html = `${html.slice(0, bodyEnd)}<script async src="/after-paint.js"></script>${html.slice(bodyEnd)}`;
    }
  }
  // Right after <meta charset>, which must come first.
  return /<meta charset=[^>]*>/.test(html)
    ? html.replace(/<meta charset=[^>]*>/, (charset) => charset + extra)
    : html.replace('<head>', () => `<head>${extra}`);
}

/**
 * @param {object} options
 * @param {string} options.shellDist               the shell's dist folder (server/ inside)
 * @param {() => Record<string, string>} options.registry  the runtime registry, read per request
 * @param {{ apiBaseUrl?: string }} options.config the browser's runtime config (/app-config.json)
 * @param {string} options.apiBaseUrl             the API as this server reaches it
 * @param {number} [options.threads]              render threads (renderPool.mjs); 0: on this thread
 * @param {boolean} [options.pageCache]           false: every request renders (the bench's uncached load)
 * @param {(message: string, error?: unknown) => void} [options.log]
 */
export function createServerRenderer({
  shellDist,
  registry,
  config,
  apiBaseUrl,
  threads = 0,
  pageCache = true,
  log = console.error,
}) {
  const bundle = path.join(shellDist, 'server', 'main.js');
  if (!fs.existsSync(bundle)) {
    log(`server rendering is off: ${bundle} is missing (npm run build -w shell)`);
    return null;
  }
  const rendererConfig = Object.assign({}, config, { apiBaseUrl });
  // This thread's renderer decides which paths are rendered and builds the site documents; the
  // pages themselves are rendered here only without render threads.
  const rendererReady = require(bundle)
    .loadRenderer()
    .then((renderer) => {
      renderer.configure(rendererConfig);
      return renderer;
    });
  const pool = threads > 0 ? createRenderPool({ bundle, config: rendererConfig, size: threads, log }) : null;
  const apiVersion = watchApiVersion(apiBaseUrl);
  const cache = pageCache ? createPageCache({ isMissing: (page) => page.status === 404 }) : null;
  const failedAt = new Map();

  return {
    /**
     * The rendered page for a request, or null when this path is not server-rendered or the
     * render failed (logged; the caller sends the client-rendered page).
     * @param {{ url: string, origin: string, theme: 'light' | 'dark' | null }} request
     */
    async render({ url, origin, theme }) {
      let renderer;
      try {
        renderer = await rendererReady;
      } catch (error) {
        log('server rendering is off: the shell renderer failed to load', error);
        return null;
      }
      const pathname = new URL(url, origin).pathname;
      if (!renderer.serverRendered(pathname)) return null;
      const manifest = registry().public_site;
      if (manifest && Date.now() - (failedAt.get(manifest) ?? 0) < RETRY_AFTER_MS) return null;
      const version = await apiVersion.current();
      const mode = theme ?? 'light';
      // A page is rendered, and cached, for its path alone: no public page reads the query string,
      // and the tracking parameters a shared link picks up (?utm_source=line, fbclid) must not each
      // cost a render and a cache entry. The browser hydrates with the full URL.
      const key = `${pathname}\n${mode}\n${manifest ?? ''}`;
      try {
        const renderPage = pool ? pool.renderPage : renderer.renderPage;
        const render = () =>
          renderPage({
            url: pathname,
            origin,
            theme: mode,
            publicSiteManifest: manifest,
            apiBaseUrl,
            apiVersion: isServiceVersion(version) ? version : undefined,
          });
        const { page, cache: state } = cache
          ? await cache.get(key, version, render)
          : { page: await render(), cache: 'miss' };
        // `cached`: the cache's own object, the same for every response of this page while it is
        // cached (work done once per page, such as its compressed form, can be keyed on it).
        return Object.assign({}, page, {
          cached: page,
          theme: mode,
          cache: state,
          noncePlaceholder: renderer.NONCE_PLACEHOLDER,
        });
      } catch (error) {
        if (manifest) failedAt.set(manifest, Date.now());
        log(`server rendering of ${url} failed; sending the client-rendered page`, error);
        return null;
      }
    },
    /** sitemap.xml, robots.txt and feed.xml (built by the renderer), or null. */
    async document(pathname, origin) {
      if (!['/sitemap.xml', '/robots.txt', '/feed.xml'].includes(pathname)) return null;
      try {
        return await (await rendererReady).siteDocument(pathname, origin, apiBaseUrl);
      } catch (error) {
        log(`${pathname} could not be built`, error);
        return null;
      }
    },
    /** Stops the render threads. */
    close: async () => {
      await pool?.close();
    },
  };
}

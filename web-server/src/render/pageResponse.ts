// The HTML page (every deep link): read per response, so a redeploy is served at once, with the
// nonce that lets styled-components' <style> elements through the CSP. Pages the shell's server
// renders arrive with content; anything else (or any failure there) is the client-rendered page.
// Everything on the page that names a release (the render, the preloads, the CSP) comes from the
// registry of the request's visit, so a canary visitor's page is the canary's from the first byte.
import crypto from 'node:crypto';
import type http from 'node:http';
import path from 'node:path';
import { assemblePage, fontsCachedFromCookie, themeFromCookie } from './assemblePage';
import { compileNoncedPage, NONCE_SLOT, TOKEN_SLOT, type NoncedPage } from './noncedPage';
import { readWhenChanged, starterReader, type Starter } from './starter';
import type { Registry } from '../releases/registry';
import { sendBody } from '../http/responses';
import type { ServedPage, ServerRenderer } from './serverRendering';
import { accepts } from '../http/staticFiles';
import type { Visit } from '../releases/visitorReleases';

/** How a server's HTML pages are made; each absent option has the default its comment names. */
export interface PageOptions {
  /**
   * what a request is served with: the registry (the shell: a canary's manifest for a visitor in
   * its share) and, on a visitor's first page, the cookie that keeps their bucket; default: an
   * empty registry and no cookie
   */
  visit?: (req: http.IncomingMessage, page: boolean) => Visit;
  /** extra <head> markup for the page at a path, served with `registry`; default: none */
  headTags?: (pathname: string, registry: Registry) => string;
  /**
   * the CSP of the HTML page; the page gets a fresh nonce per response for styled-components, and
   * `scriptHashes` are the hash sources of the inline scripts it runs (a rendered page's starter)
   */
  contentSecurityPolicy?: (
    req: http.IncomingMessage,
    nonce: string,
    registry: Registry,
    scriptHashes: readonly string[],
  ) => string;
  /** a new view token for each page served (the shell: viewTokens.ts); absent: pages carry none */
  viewToken?: (visit: Visit) => string;
  /** renders pages on the server (the shell); null/absent: every page is client-rendered */
  serverRenderer?: ServerRenderer | null;
}

/** A server without a registry (a remote's): no releases, no cookie. */
const NO_VISIT: Visit = { registry: {}, setCookie: null };

/** How a page was made, for operators and tests: `server; cache=hit; public_site=<build>[; degraded]` or `client`. */
const renderHeader = ({ cache, remoteBuild, degraded }: ServedPage) =>
  [
    'server',
    `cache=${cache}`,
    ...(remoteBuild ? [`public_site=${remoteBuild}`] : []),
    ...(degraded ? ['degraded'] : []),
  ].join('; ');

/**
 * The page of `root` (its index.html) as `options` make it: `send` answers a page request; `visit`
 * and `serverRenderer` are the options with their defaults, for the rest of the server (the JSON
 * files of a visit, the renderer's documents, its start and stop).
 */
export function createPageResponse(
  root: string,
  { visit = () => NO_VISIT, headTags = () => '', contentSecurityPolicy, serverRenderer = null, viewToken }: PageOptions,
) {
  // index.html, read again only when a redeploy replaced it (one stat per page instead of a read).
  const readTemplate = readWhenChanged(path.join(root, 'index.html'), (text) => text);
  // A rendered page's starter, inlined (starter.ts); read only once a page is rendered.
  const readStarter = starterReader(root);
  /**
   * A cached rendered page, assembled and compressed once (per template, head and starter), in
   * both its forms: for a browser with the heading font and for one without (assemblePage's
   * `fontsCached`). See noncedPage.ts.
   */
  type Compiled = { template: string; headExtra: string; starter: Starter | null; page: NoncedPage };
  const compiledPages = new WeakMap<object, { withFonts?: Compiled; fontsLater?: Compiled }>();
  const compiledPage = (
    cached: object,
    { template, headExtra, starter, fontsCached }: Omit<Compiled, 'page'> & { fontsCached: boolean },
    assemble: (nonce: string, token: string | undefined) => string,
  ) => {
    const forms = compiledPages.get(cached) ?? {};
    const form = fontsCached ? 'withFonts' : 'fontsLater';
    const known = forms[form];
    if (known?.template === template && known.headExtra === headExtra && known.starter === starter) return known.page;
    // The token's slot too: a cached page never holds a response's token, only its place.
    const page = compileNoncedPage(assemble(NONCE_SLOT, viewToken && TOKEN_SLOT));
    compiledPages.set(cached, Object.assign({}, forms, { [form]: { template, headExtra, starter, page } }));
    return page;
  };

  const send = async (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    const theme = themeFromCookie(req.headers.cookie);
    const served = visit(req, true);
    const { registry, setCookie } = served;
    const token = viewToken?.(served);
    const rendered = serverRenderer ? await serverRenderer.render({ pathname, theme, registry }) : null;
    const template = readTemplate();
    const headExtra = headTags(pathname, registry);
    const starter = rendered ? readStarter() : null;
    const fontsCached = fontsCachedFromCookie(req.headers.cookie);
    const assemble = (nonceValue: string, tokenValue = token) =>
      assemblePage(template, {
        nonce: nonceValue,
        token: tokenValue,
        // A rendered page always names the theme it was rendered in (light without a cookie): the
        // browser hydrates in that theme, never renders it afresh.
        theme: rendered?.theme ?? theme,
        headExtra,
        rendered,
        starter,
        fontsCached,
      });
    const headers: http.OutgoingHttpHeaders = {
      'Content-Type': 'text/html; charset=utf-8',
      // A page depends on the visitor's cookies (theme, release bucket): never one for a shared cache.
      'Cache-Control': 'private, no-cache',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      Vary: 'Cookie, Accept-Encoding',
      'X-Render': rendered ? renderHeader(rendered) : 'client',
      ...(contentSecurityPolicy
        ? { 'Content-Security-Policy': contentSecurityPolicy(req, nonce, registry, starter ? [starter.hash] : []) }
        : {}),
      ...(setCookie ? { 'Set-Cookie': setCookie } : {}),
    };
    const status = rendered?.status ?? 200;
    // A page served from the cache is compressed once, not per response (a render that is used
    // once, such as a miss, is compressed on the fly).
    if (rendered?.cached && rendered.cache !== 'miss' && accepts(req, 'gzip')) {
      const page = compiledPage(rendered.cached, { template, headExtra, starter, fontsCached }, assemble);
      res.writeHead(status, Object.assign({}, headers, { 'Content-Encoding': 'gzip' }));
      res.end(req.method === 'HEAD' ? undefined : page.gzip(nonce, token));
      return;
    }
    sendBody(req, res, status, headers, assemble(nonce));
  };
  return { send, visit, serverRenderer };
}

// The shell's server renderer: the shell's layout around public-site's routes, loaded from
// public-site's server build through the federation runtime on Node, with styles, head and data.
import { ServerStyleSheet } from 'styled-components';
import { parseRuntimeConfig, setRuntimeConfig, paths } from 'shared-core';
import { ServerPageContext, createServerPage, type ThemeMode } from 'shared-ui';
import { App } from '../app/App';
import { ServerRemotesContext } from '../remotes/RemoteArea';
import { findArea, shellPages, matchesPattern } from '../routing/areas';
import { headTags, scriptSafeJson } from './headTags';
import { installServerSanitizer } from './installServerSanitizer';
import { MemoisedStylis } from './memoisedStylis';
import { forgetPublicSiteServer, loadPublicSiteServer } from './publicSiteServer';
import { renderToHtml } from './renderToHtml';
import { withTimeout } from './withTimeout';

export interface RenderRequest {
  /** Path and query of the request. */
  url: string;
  /** The site's origin (canonical and share URLs are absolute). */
  origin: string;
  theme: ThemeMode;
  /** public-site's manifest URL from the runtime registry right now. */
  publicSiteManifest?: string;
  /** The article API as this server reaches it (per request: one process may serve several sites). */
  apiBaseUrl: string;
  /** The API's change version seen for this request, if the API told one (its answers are shared per version). */
  apiVersion?: string;
}

export interface RenderedPage {
  status: number;
  /** <title>, canonical, share metadata, JSON-LD. */
  head: string;
  /** styled-components' <style> element; `nonce="__CSP_NONCE__"` for the response's nonce. */
  styles: string;
  /** The markup inside #root. */
  root: string;
  /** JSON data blocks after #root (the remote's query state). */
  data: string;
  /** The public-site release that rendered the page, if one did. */
  remoteBuild: string | null;
}

export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Slower than this and the visitor is better served by the client-rendered page. */
const RENDER_TIMEOUT_MS = 3000;

/**
 * Which paths the server renders: the public area and unknown paths (the 404 page). Sign-in pages
 * and the signed-in areas stay client-rendered.
 */
export function serverRendered(pathname: string): 'public' | 'not-found' | null {
  if (matchesPattern(paths.notFound, pathname)) return 'not-found';
  const area = findArea(pathname);
  if (area?.remote === 'public_site') return 'public';
  if (area || shellPages.some((pattern) => matchesPattern(pattern, pathname))) return null;
  return 'not-found';
}

/**
 * Once per process, before the first page: the API the queries call and the sanitiser. `config`
 * is /app-config.json's content with `apiBaseUrl` as this server reaches the API; it is checked
 * as the browser checks it (shared-core), with the API's own URL standing for the page: only an
 * API on localhost lets local defaults fill gaps.
 */
export function configure(config: { apiBaseUrl: string }): void {
  setRuntimeConfig(parseRuntimeConfig(config, { pageUrl: config.apiBaseUrl }));
  installServerSanitizer();
}

async function preparePublicPage(request: RenderRequest) {
  if (!request.publicSiteManifest) throw new Error('public_site is not in the registry');
  try {
    const server = await withTimeout(
      loadPublicSiteServer(request.publicSiteManifest),
      RENDER_TIMEOUT_MS,
      'loading public_site/server',
    );
    return await withTimeout(
      server.prepare({ url: request.url, apiBaseUrl: request.apiBaseUrl, apiVersion: request.apiVersion }),
      RENDER_TIMEOUT_MS,
      'public_site prepare()',
    );
  } catch (error) {
    forgetPublicSiteServer();
    throw error;
  }
}

/** Renders one page; rejects when it cannot (the caller then sends the client-rendered page). */
export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const pathname = new URL(request.url, request.origin).pathname;
  const prepared = serverRendered(pathname) === 'public' ? await preparePublicPage(request) : null;
  const page = createServerPage();
  const sheet = new ServerStyleSheet();
  try {
    const root = await renderToHtml(
      sheet.collectStyles(
        <MemoisedStylis>
          <ServerPageContext.Provider value={page}>
            <ServerRemotesContext.Provider value={prepared ? { public_site: prepared.Page } : {}}>
              <App location={request.url} initialMode={request.theme} />
            </ServerRemotesContext.Provider>
          </ServerPageContext.Provider>
        </MemoisedStylis>,
      ),
      RENDER_TIMEOUT_MS,
    );
    // `active`: styled-components' rehydration passes the element over, and the browser takes it
    // over as it is (scripts/webpack/adoptServerStyles.js) instead of copying it into a new one.
    const styles = sheet
      .getStyleTags()
      .replace(/<style /g, `<style nonce="${NONCE_PLACEHOLDER}" `)
      .replace(/ data-styled="true"/g, ' data-styled="active"');
    const state = prepared?.embeddedState;
    const data = state
      ? `<script type="application/json" id="${state.elementId}">${scriptSafeJson(state.value)}</script>`
      : '';
    const head = headTags(page, new URL(request.url, request.origin).href);
    return { status: page.status, head, styles, root, data, remoteBuild: prepared?.build ?? null };
  } finally {
    sheet.seal();
  }
}
export { siteDocument } from './siteDocuments';

// The shell's server renderer: the shell's layout around public-site's routes, loaded from
// public-site's server build through the federation runtime on Node, with styles, head and data.
import { ServerStyleSheet } from 'styled-components';
import { parseRuntimeConfig, setRuntimeConfig, paths } from 'shared-core';
import { ServerPageContext, createServerPage } from 'shared-ui';
import { App } from '../app/App';
import { ServerRemotesContext } from '../remotes/RemoteArea';
import { findArea, shellPages, matchesPattern } from '../routing/areas';
import { headTags, scriptSafeJson } from './headTags';
import { installServerSanitizer } from './installServerSanitizer';
import { MemoisedStylis } from './memoisedStylis';
import { loadPublicSiteServer } from './publicSiteServer';
import { renderToHtml } from './renderToHtml';
import { NONCE_PLACEHOLDER, type RenderRequest, type RenderedPage } from './contract';
import { withTimeout } from './withTimeout';

export { NONCE_PLACEHOLDER } from './contract';
export type { RenderRequest, RenderedPage } from './contract';

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
  // Past the deadline this page goes to the browser, but the release stays: its load goes on for
  // the next pages, and a slow prepare() (the API's answer) says nothing against the release. A
  // load that fails lets go of it (publicSiteServer.ts).
  const server = await withTimeout(
    loadPublicSiteServer(request.publicSiteManifest),
    RENDER_TIMEOUT_MS,
    'loading public_site/server',
  );
  return withTimeout(
    server.prepare({ url: request.url, apiBaseUrl: request.apiBaseUrl, apiVersion: request.apiVersion }),
    RENDER_TIMEOUT_MS,
    'public_site prepare()',
  );
}

/**
 * Loads the release at `manifestUrl` as its first page would, without that page's deadline: the
 * web server loads the live release before it listens, so its first pages are rendered.
 */
export async function loadRelease(manifestUrl: string): Promise<void> {
  await loadPublicSiteServer(manifestUrl);
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
    // over as it is (tooling/overrides/styled-components/adoptServerStyles.js) instead of
    // copying it into a new one.
    const styles = sheet
      .getStyleTags()
      .replace(/<style /g, `<style nonce="${NONCE_PLACEHOLDER}" `)
      .replace(/ data-styled="true"/g, ' data-styled="active"');
    const state = prepared?.embeddedState;
    const data = state
      ? `<script type="application/json" id="${state.elementId}">${scriptSafeJson(state.value)}</script>`
      : '';
    const head = headTags(page, new URL(request.url, request.origin).href);
    return {
      status: page.status,
      head,
      styles,
      root,
      data,
      remoteBuild: prepared?.build ?? null,
      degraded: prepared?.degraded === true,
    };
  } finally {
    sheet.seal();
  }
}
export { siteDocument } from './siteDocuments';

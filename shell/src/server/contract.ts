// The contract between the shell's server renderer (this build's dist/server/main.js) and the web
// server that loads it (web-server/src/render/serverRendering.ts): one definition, imported by both.
// Plain types and one constant, no imports, so the web server can read it without the shell's UI.

export type RenderTheme = 'light' | 'dark';

export interface RenderRequest {
  /** Path and query of the request. */
  url: string;
  /** The site's origin (canonical and share URLs are absolute). Configured, never a request's Host. */
  origin: string;
  theme: RenderTheme;
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
  /** styled-components' <style> element; `nonce="${NONCE_PLACEHOLDER}"` for the response's nonce. */
  styles: string;
  /** The markup inside #root. */
  root: string;
  /** JSON data blocks after #root (the remote's query state). */
  data: string;
  /** The public-site release that rendered the page, if one did. */
  remoteBuild: string | null;
  /**
   * The article API failed for this page and the build's snapshot stood in: the web server keeps
   * such a page for seconds only, says so in X-Render, and never sends its "not found".
   */
  degraded: boolean;
}

/** Where the response's CSP nonce goes in `styles`. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** What the server build's `loadRenderer()` resolves to. */
export interface ShellRenderer {
  NONCE_PLACEHOLDER: string;
  configure(config: { apiBaseUrl: string }): void;
  serverRendered(pathname: string): 'public' | 'not-found' | null;
  renderPage(request: RenderRequest): Promise<RenderedPage>;
  /** Loads a public-site release ahead of its first page (the web server's start); rejects if it cannot. */
  loadRelease(manifestUrl: string): Promise<void>;
  siteDocument(pathname: string, origin: string, apiBaseUrl: string): Promise<{ type: string; body: string } | null>;
}

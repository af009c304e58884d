// `npm run dev` renders public pages on the server too: the dev shell's page requests go through
// the shell renderer that `webpack --watch` keeps building into <workspace>/.dev-dist/server, with
// public-site's server build (same watch, served by its dev server under /server/). A rebuilt
// renderer is picked up on the next request; without one the dev page is client-rendered.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { assemblePage, fontsCachedFromCookie, themeFromCookie } from '../render/assemblePage';
import { createServerRenderer, type ServerRenderer } from '../render/serverRendering';
import { starterReader } from '../render/starter';
import type { Registry } from '../releases/registry';

const require = createRequire(import.meta.url);

/** Where `npm run dev` writes server builds (never dist/, which holds the production build). */
export const devDistDir = (appDir: string) => path.join(appDir, '.dev-dist');

export interface DevPageHandlerOptions {
  /** the shell workspace */
  shellDir: string;
  registry: () => Registry;
  config: { apiBaseUrl?: string };
  apiBaseUrl: string;
  /** canonical and share URLs (the dev shell's own) */
  siteOrigin: string;
  /** the dev build's index.html (from webpack's memory) */
  readTemplate: () => string;
}

/** What webpack-dev-server's (Express's) middleware gets, as far as this handler uses it. */
interface DevRequest {
  method?: string;
  url?: string;
  headers: { cookie?: string };
}
interface DevResponse {
  status(code: number): { set(headers: Record<string, string>): { send(body: string): unknown } };
}

/** Express middleware for the dev shell: a server-rendered page, or next() for the client-rendered one. */
export function createDevPageHandler({
  shellDir,
  registry,
  config,
  apiBaseUrl,
  siteOrigin,
  readTemplate,
}: DevPageHandlerOptions) {
  const shellDist = devDistDir(shellDir);
  const bundle = path.join(shellDist, 'server', 'main.js');
  let current: { builtAt: number; renderer: ServerRenderer | null } = { builtAt: 0, renderer: null };
  // The page's starter, inlined as in production (the dev server sends no CSP).
  const readStarter = starterReader(path.join(shellDir, 'public'));

  /** A renderer for the newest build of the shell's server bundle. */
  const renderer = () => {
    if (!fs.existsSync(bundle)) return null;
    const builtAt = fs.statSync(bundle).mtimeMs;
    if (builtAt !== current.builtAt) {
      for (const file of Object.keys(require.cache)) if (file.startsWith(shellDist)) delete require.cache[file];
      current = { builtAt, renderer: createServerRenderer({ shellDist, registry, config, apiBaseUrl, siteOrigin }) };
    }
    return current.renderer;
  };

  return async (req: DevRequest, res: DevResponse, next: () => void) => {
    const pathname = new URL(req.url ?? '/', 'http://dev').pathname;
    if (req.method !== 'GET' || path.posix.basename(pathname).includes('.')) return next();
    try {
      const theme = themeFromCookie(req.headers.cookie);
      const active = renderer();
      const rendered = active ? await active.render({ pathname, theme }) : null;
      if (!rendered) return next();
      const html = assemblePage(readTemplate(), {
        nonce: 'dev',
        theme: rendered.theme,
        headExtra: '',
        rendered,
        starter: readStarter(),
        fontsCached: fontsCachedFromCookie(req.headers.cookie),
      });
      res.status(rendered.status).set({ 'Content-Type': 'text/html; charset=utf-8', 'X-Render': 'server' }).send(html);
    } catch (error) {
      console.error('dev server rendering failed; client-rendered page instead', error);
      next();
    }
  };
}

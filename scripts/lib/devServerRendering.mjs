// `npm run dev` renders public pages on the server too: the dev shell's page requests go through
// the shell renderer that `webpack --watch` keeps building into <workspace>/.dev-dist/server, with
// public-site's server build (same watch, served by its dev server under /server/). A rebuilt
// renderer is picked up on the next request; without one the dev page is client-rendered.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { assemblePage, createServerRenderer, themeFromCookie } from 'web-server';

const require = createRequire(import.meta.url);

/** Where `npm run dev` writes server builds (never dist/, which holds the production build). */
export const devDistDir = (appDir) => path.join(appDir, '.dev-dist');

/**
 * @param {object} options
 * @param {string} options.shellDir     the shell workspace
 * @param {() => Record<string, string>} options.registry
 * @param {{ apiBaseUrl?: string }} options.config
 * @param {string} options.apiBaseUrl
 * @param {string} options.siteOrigin   canonical and share URLs (the dev shell's own)
 * @param {() => string} options.readTemplate  the dev build's index.html (from webpack's memory)
 */
export function createDevPageHandler({ shellDir, registry, config, apiBaseUrl, siteOrigin, readTemplate }) {
  const shellDist = devDistDir(shellDir);
  const bundle = path.join(shellDist, 'server', 'main.js');
  let current = { builtAt: 0, renderer: null };

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

  return async (req, res, next) => {
    const pathname = new URL(req.url, 'http://dev').pathname;
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
      });
      res.status(rendered.status).set({ 'Content-Type': 'text/html; charset=utf-8', 'X-Render': 'server' }).send(html);
    } catch (error) {
      console.error('dev server rendering failed; client-rendered page instead', error);
      next();
    }
  };
}

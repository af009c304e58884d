// Serves a production build: precompressed brotli/gzip, no-cache on the files that name other
// files (HTML, manifests, entries, runtime config), a year of immutable caching on content-hashed
// files, and the SPA fallback for deep links.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

/** Content-hashed build files (webpack's [contenthash:10]); also the Firebase Hosting rule (scripts/hosting). */
export const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css|woff2?|png|jpe?g|svg|webp)$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(pathname) {
  return HASHED_FILE.test(pathname) ? IMMUTABLE : 'no-cache';
}

/**
 * @param {object} options
 * @param {string} options.root           the dist folder
 * @param {number} options.port
 * @param {string} [options.host]
 * @param {boolean} [options.cors]        remotes are fetched cross-origin by the shell
 * @param {Record<string, unknown>} [options.jsonFiles]  extra JSON documents (path → value) served as files
 * @param {(pathname: string) => string} [options.headTags]  extra <head> markup for the page at a path
 * @param {(req: http.IncomingMessage, nonce: string) => string} [options.contentSecurityPolicy]
 *        the CSP of the HTML page; the page gets a fresh nonce per response for styled-components
 */
export function createStaticServer({
  root,
  port,
  host = '127.0.0.1',
  cors = false,
  jsonFiles = {},
  headTags = () => '',
  contentSecurityPolicy,
}) {
  const serve = sirv(root, {
    brotli: true,
    gzip: true,
    etag: true,
    single: true,
    dev: false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
    },
  });
  // The HTML page (every deep link): read per response, so a redeploy is served at once, with
  // the nonce that lets styled-components' <style> elements through the CSP.
  const sendPage = (req, res, pathname) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    const html = fs
      .readFileSync(path.join(root, 'index.html'), 'utf8')
      .replace('<head>', `<head><meta property="csp-nonce" nonce="${nonce}">${headTags(pathname)}`);
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      ...(contentSecurityPolicy ? { 'Content-Security-Policy': contentSecurityPolicy(req, nonce) } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : html);
  };
  const isPageRequest = (pathname) => pathname.endsWith('/index.html') || !path.posix.basename(pathname).includes('.');

  const server = http.createServer((req, res) => {
    if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const pathname = new URL(req.url ?? '/', 'http://local').pathname;
    if (isPageRequest(pathname) && fs.existsSync(path.join(root, 'index.html'))) {
      sendPage(req, res, pathname);
      return;
    }
    if (Object.hasOwn(jsonFiles, pathname)) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(JSON.stringify(jsonFiles[pathname]));
      return;
    }
    serve(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
  });
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    server,
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(server));
      }),
    /** Stops at once: open keep-alive connections are cut, as a crashed server's would be. */
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// Serves a production build: precompressed brotli/gzip, no-cache on the files that name other
// files (HTML, manifests, entries, runtime config), a year of immutable caching on content-hashed
// files, and the SPA fallback for deep links. Files are looked up and stat'ed per request, so a
// replaced file is sent whole with its new size and new release folders are served at once.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import sirv from 'sirv';
import { compileNoncedPage, NONCE_SLOT } from './noncedPage.mjs';
import { assemblePage, themeFromCookie } from './serverRendering.mjs';

/** Content-hashed build files (webpack's [contenthash:10]); also the Firebase Hosting rule (scripts/hosting). */
export const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css|woff2?|png|jpe?g|svg|webp)$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The site's origin as the visitor sees it (canonical and share URLs, sitemap, feed). */
const originOf = (req) => process.env.SITE_ORIGIN ?? `http://${req.headers.host ?? 'localhost'}`;

/** How a page was made, for operators and tests: `server; cache=hit; public_site=<build>` or `client`. */
const renderHeader = ({ cache, remoteBuild }) =>
  ['server', `cache=${cache}`, ...(remoteBuild ? [`public_site=${remoteBuild}`] : [])].join('; ');

const ENCODINGS = { br: /\bbr\b/, gzip: /\bgzip\b/ };
/** @param {'br' | 'gzip'} encoding */
const accepts = (req, encoding) => ENCODINGS[encoding].test(String(req.headers['accept-encoding'] ?? ''));

/** Generated text (pages, feeds) compressed on the fly: brotli at a fast level, else gzip. */
function sendBody(req, res, status, headers, text) {
  const encoding = accepts(req, 'br') ? 'br' : accepts(req, 'gzip') ? 'gzip' : null;
  res.writeHead(status, encoding ? Object.assign({}, headers, { 'Content-Encoding': encoding }) : headers);
  if (req.method === 'HEAD') res.end();
  else if (encoding === 'br') {
    // Quality 1: what comes here is compressed for one response (a freshly rendered page, a
    // generated document; cached pages go out precompressed, noncedPage.mjs), so speed beats the
    // last bytes. Against quality 2 an article page is 6 % larger (9.7 KB) and the burst's p99
    // went 46 → 39 ms (docs/performance/server-rendering-log.md). The size hint lets brotli size
    // its tables for a page, not any stream.
    const body = Buffer.from(text);
    res.end(
      zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
  } else if (encoding === 'gzip') res.end(zlib.gzipSync(text, { level: 1 }));
  else res.end(text);
}

export function cacheControlFor(pathname) {
  return HASHED_FILE.test(pathname) ? IMMUTABLE : 'no-cache';
}

/**
 * @param {object} options
 * @param {string} options.root           the dist folder
 * @param {number} options.port
 * @param {string} [options.host]
 * @param {boolean} [options.cors]        remotes are fetched cross-origin by the shell
 * @param {Record<string, unknown>} [options.jsonFiles]  extra JSON documents (path → value, or a function
 *        returning it per request) served as files
 * @param {{ prefix: string, dir: string }} [options.releases]  a release store folder served under
 *        a URL prefix (e.g. /releases/ → .releases/admin-console/), without the SPA fallback
 * @param {(pathname: string) => string} [options.headTags]  extra <head> markup for the page at a path
 * @param {(req: http.IncomingMessage, nonce: string) => string} [options.contentSecurityPolicy]
 *        the CSP of the HTML page; the page gets a fresh nonce per response for styled-components
 * @param {ReturnType<import('./serverRendering.mjs').createServerRenderer>} [options.serverRenderer]
 *        renders pages on the server (the shell); null/absent: every page is client-rendered
 * @param {(pathname: string, origin: string) => Promise<{ type: string, body: string } | null>} [options.documents]
 *        generated documents (sitemap.xml, robots.txt, feed.xml)
 */
export function createStaticServer({
  root,
  port,
  host = '127.0.0.1',
  cors = false,
  jsonFiles = {},
  headTags = () => '',
  contentSecurityPolicy,
  serverRenderer = null,
  documents = async () => null,
  releases,
}) {
  // `dev: true` is sirv's per-request lookup; `dev: false` would keep the sizes read at start-up
  // and send a replaced mf-manifest.json cut off at its old Content-Length.
  const options = {
    brotli: true,
    gzip: true,
    etag: true,
    dev: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
    },
  };
  const serve = sirv(root, Object.assign({}, options, { single: true }));
  const serveRelease = releases ? sirv(releases.dir, options) : null;
  const notFound = (res) => {
    res.statusCode = 404;
    res.end('Not found');
  };
  // The HTML page (every deep link): read per response, so a redeploy is served at once, with
  // the nonce that lets styled-components' <style> elements through the CSP. Pages the shell's
  // server renders arrive with content; anything else (or any failure there) is the
  // client-rendered page, as before.
  // index.html, read again only when a redeploy replaced it (one stat per page instead of a read).
  let template = { mtimeMs: -1, text: '' };
  const readTemplate = () => {
    const file = path.join(root, 'index.html');
    const { mtimeMs } = fs.statSync(file);
    if (mtimeMs !== template.mtimeMs) template = { mtimeMs, text: fs.readFileSync(file, 'utf8') };
    return template.text;
  };
  /** A cached rendered page, assembled and compressed once (per template and head): see noncedPage.mjs. */
  const compiledPages = new WeakMap();
  const compiledPage = (cached, template, headExtra, assemble) => {
    const known = compiledPages.get(cached);
    if (known?.template === template && known.headExtra === headExtra) return known.page;
    const page = compileNoncedPage(assemble(NONCE_SLOT));
    compiledPages.set(cached, { template, headExtra, page });
    return page;
  };

  const sendPage = async (req, res, pathname) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    const url = req.url ?? '/';
    const theme = themeFromCookie(req.headers.cookie);
    const rendered = serverRenderer ? await serverRenderer.render({ url, origin: originOf(req), theme }) : null;
    const template = readTemplate();
    const headExtra = headTags(pathname);
    const assemble = (nonceValue) =>
      assemblePage(template, {
        nonce: nonceValue,
        // A rendered page always names the theme it was rendered in (light without a cookie): the
        // browser hydrates in that theme, never renders it afresh.
        theme: rendered?.theme ?? theme,
        headExtra,
        rendered,
        noncePlaceholder: rendered?.noncePlaceholder,
      });
    const headers = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      Vary: 'Cookie, Accept-Encoding',
      'X-Render': rendered ? renderHeader(rendered) : 'client',
      ...(contentSecurityPolicy ? { 'Content-Security-Policy': contentSecurityPolicy(req, nonce) } : {}),
    };
    const status = rendered?.status ?? 200;
    // A page served from the cache is compressed once, not per response (a render that is used
    // once, such as a miss, is compressed on the fly as before).
    if (rendered?.cached && rendered.cache !== 'miss' && accepts(req, 'gzip')) {
      const page = compiledPage(rendered.cached, template, headExtra, assemble);
      res.writeHead(status, Object.assign({}, headers, { 'Content-Encoding': 'gzip' }));
      res.end(req.method === 'HEAD' ? undefined : page.gzip(nonce));
      return;
    }
    sendBody(req, res, status, headers, assemble(nonce));
  };
  const isPageRequest = (pathname) => pathname.endsWith('/index.html') || !path.posix.basename(pathname).includes('.');

  const handle = async (req, res) => {
    if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const pathname = new URL(req.url ?? '/', 'http://local').pathname;
    if (serveRelease && pathname.startsWith(releases.prefix)) {
      req.url = req.url.slice(releases.prefix.length - 1);
      serveRelease(req, res, () => notFound(res));
      return;
    }
    const document = await documents(pathname, originOf(req));
    if (document) {
      sendBody(
        req,
        res,
        200,
        { 'Content-Type': document.type, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' },
        document.body,
      );
      return;
    }
    if (isPageRequest(pathname) && fs.existsSync(path.join(root, 'index.html'))) {
      await sendPage(req, res, pathname);
      return;
    }
    if (Object.hasOwn(jsonFiles, pathname)) {
      const value = typeof jsonFiles[pathname] === 'function' ? jsonFiles[pathname]() : jsonFiles[pathname];
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(JSON.stringify(value));
      return;
    }
    serve(req, res, () => notFound(res));
  };
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error(`${req.method} ${req.url} failed`, error);
      if (!res.headersSent) res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5' });
      res.end('一時的に表示できません。しばらくしてから再読み込みしてください。');
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
    close: async () => {
      await new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      });
      await serverRenderer?.close();
    },
  };
}

// The HTTP server of one built web app: its files (staticFiles.ts), its HTML page for every deep
// link (server-rendered where the shell's renderer renders it, else the client-rendered page),
// generated documents and JSON files, and a release store's folders for a remote.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { assemblePage, themeFromCookie } from './assemblePage';
import { canonicalPath } from './canonicalPath';
import { compileNoncedPage, NONCE_SLOT, type NoncedPage } from './noncedPage';
import { sendBody, sendUnavailable } from './responses';
import type { ServedPage, ServerRenderer } from './serverRendering';
import { accepts, createStaticFiles } from './staticFiles';

export interface StaticServerOptions {
  /** the dist folder */
  root: string;
  port: number;
  host?: string;
  /** remotes are fetched cross-origin by the shell */
  cors?: boolean;
  /** extra JSON documents (path → value, or a function returning it per request) served as files */
  jsonFiles?: Record<string, unknown>;
  /** a release store folder served under a URL prefix (e.g. /releases/ → .releases/admin-console/) */
  releases?: { prefix: string; dir: string };
  /** extra <head> markup for the page at a path */
  headTags?: (pathname: string) => string;
  /** the CSP of the HTML page; the page gets a fresh nonce per response for styled-components */
  contentSecurityPolicy?: (req: http.IncomingMessage, nonce: string) => string;
  /** renders pages on the server (the shell); null/absent: every page is client-rendered */
  serverRenderer?: ServerRenderer | null;
  /** answers GET /healthz (the container's HEALTHCHECK, the proxy's probe) */
  health?: boolean;
  log?: (message: string, error?: unknown) => void;
}

export interface StaticServer {
  server: http.Server;
  /**
   * Listens once the server renderer is loaded (about a second of the main thread's time: a
   * request let in before would wait that long), so a proxy or a health check that sees it
   * listening sees it ready.
   */
  listen(): Promise<http.Server>;
  /** The port it listens on (after listen). */
  port(): number;
  /** Stops at once: open keep-alive connections are cut, as a crashed server's would be. */
  close(): Promise<void>;
  /**
   * Graceful shutdown (SIGTERM): stops accepting, answers /healthz with 503, lets requests in
   * flight finish (at most `timeoutMs`), closes idle connections, then stops.
   */
  drain(timeoutMs: number): Promise<void>;
}

/** How a page was made, for operators and tests: `server; cache=hit; public_site=<build>[; degraded]` or `client`. */
const renderHeader = ({ cache, remoteBuild, degraded }: ServedPage) =>
  [
    'server',
    `cache=${cache}`,
    ...(remoteBuild ? [`public_site=${remoteBuild}`] : []),
    ...(degraded ? ['degraded'] : []),
  ].join('; ');

const isPageRequest = (pathname: string) =>
  pathname.endsWith('/index.html') || !path.posix.basename(pathname).includes('.');

export function createStaticServer({
  root,
  port,
  host = '127.0.0.1',
  cors = false,
  jsonFiles = {},
  headTags = () => '',
  contentSecurityPolicy,
  serverRenderer = null,
  releases,
  health = false,
  log = console.error,
}: StaticServerOptions): StaticServer {
  const files = createStaticFiles(root, { log });
  const releaseFiles = releases ? createStaticFiles(releases.dir, { log }) : null;
  let draining = false;
  const notFound = (res: http.ServerResponse) => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end('Not found');
  };

  // index.html, read again only when a redeploy replaced it (one stat per page instead of a read).
  let template = { mtimeMs: -1, text: '' };
  const readTemplate = () => {
    const file = path.join(root, 'index.html');
    const { mtimeMs } = fs.statSync(file);
    if (mtimeMs !== template.mtimeMs) template = { mtimeMs, text: fs.readFileSync(file, 'utf8') };
    return template.text;
  };
  /** A cached rendered page, assembled and compressed once (per template and head): see noncedPage.ts. */
  const compiledPages = new WeakMap<object, { template: string; headExtra: string; page: NoncedPage }>();
  const compiledPage = (cached: object, template: string, headExtra: string, assemble: (nonce: string) => string) => {
    const known = compiledPages.get(cached);
    if (known?.template === template && known.headExtra === headExtra) return known.page;
    const page = compileNoncedPage(assemble(NONCE_SLOT));
    compiledPages.set(cached, { template, headExtra, page });
    return page;
  };

  // The HTML page (every deep link): read per response, so a redeploy is served at once, with
  // the nonce that lets styled-components' <style> elements through the CSP. Pages the shell's
  // server renders arrive with content; anything else (or any failure there) is the
  // client-rendered page, as before.
  const sendPage = async (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    const theme = themeFromCookie(req.headers.cookie);
    const rendered = serverRenderer ? await serverRenderer.render({ pathname, theme }) : null;
    const template = readTemplate();
    const headExtra = headTags(pathname);
    const assemble = (nonceValue: string) =>
      assemblePage(template, {
        nonce: nonceValue,
        // A rendered page always names the theme it was rendered in (light without a cookie): the
        // browser hydrates in that theme, never renders it afresh.
        theme: rendered?.theme ?? theme,
        headExtra,
        rendered,
      });
    const headers: http.OutgoingHttpHeaders = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      Vary: 'Cookie, Accept-Encoding',
      'X-Render': rendered ? renderHeader(rendered) : 'client',
      ...(contentSecurityPolicy ? { 'Content-Security-Policy': contentSecurityPolicy(req, nonce) } : {}),
    };
    const status = rendered?.status ?? 200;
    // A page served from the cache is compressed once, not per response (a render that is used
    // once, such as a miss, is compressed on the fly).
    if (rendered?.cached && rendered.cache !== 'miss' && accepts(req, 'gzip')) {
      const page = compiledPage(rendered.cached, template, headExtra, assemble);
      res.writeHead(status, Object.assign({}, headers, { 'Content-Encoding': 'gzip' }));
      res.end(req.method === 'HEAD' ? undefined : page.gzip(nonce));
      return;
    }
    sendBody(req, res, status, headers, assemble(nonce));
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (draining) res.setHeader('Connection', 'close');
    // Parsed with the path appended to a base, never as a reference of its own: `//about` is a
    // path here (to be redirected), not a URL of the host "about".
    const target = req.url ?? '/';
    const url = new URL(`http://local${target.startsWith('/') ? '' : '/'}${target}`);
    const { pathname } = url;
    if (health && pathname === '/healthz') {
      res.writeHead(draining ? 503 : 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ status: draining ? 'draining' : 'ok' }));
      return;
    }
    if (releaseFiles && releases && pathname.startsWith(releases.prefix)) {
      const inRelease = pathname.slice(releases.prefix.length - 1);
      if ((await releaseFiles.send(req, res, inRelease)) === 'missing') notFound(res);
      return;
    }
    if (serverRenderer) {
      const document = await serverRenderer.document(pathname);
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
    }
    if (isPageRequest(pathname) && fs.existsSync(path.join(root, 'index.html'))) {
      const canonical = canonicalPath(pathname);
      if (canonical !== pathname) {
        res.writeHead(301, { Location: canonical + url.search, 'Cache-Control': 'public, max-age=3600' });
        res.end();
        return;
      }
      await sendPage(req, res, pathname);
      return;
    }
    if (Object.hasOwn(jsonFiles, pathname)) {
      const entry = jsonFiles[pathname];
      const value = typeof entry === 'function' ? (entry as () => unknown)() : entry;
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(JSON.stringify(value));
      return;
    }
    if ((await files.send(req, res, pathname)) === 'missing') notFound(res);
  };

  /** Responses being written: told to close their connection when a drain starts. */
  const inFlight = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    inFlight.add(res);
    res.on('close', () => inFlight.delete(res));
    handle(req, res).catch((error: unknown) => {
      log(`${req.method} ${req.url} failed`, error);
      sendUnavailable(res);
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const stop = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await serverRenderer?.close();
  };
  return {
    server,
    listen: async () => {
      await serverRenderer?.ready();
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(server));
      });
    },
    port: () => (server.address() as AddressInfo | null)?.port ?? port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await stop();
    },
    drain: async (timeoutMs) => {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const stopped = stop();
      // Idle keep-alive connections would hold close() open; busy ones close after their response.
      server.closeIdleConnections();
      const timer = setTimeout(() => {
        for (const socket of sockets) socket.destroy();
      }, timeoutMs);
      timer.unref();
      await stopped;
      clearTimeout(timer);
    },
  };
}

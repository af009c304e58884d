// The HTTP server of one built web app: its files (staticFiles.ts), its HTML page for every deep
// link (server-rendered where the shell's renderer renders it, else the client-rendered page),
// generated documents and JSON files, and a release store's folders for a remote.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { canonicalPath } from './canonicalPath';
import { createPageResponse, type PageOptions } from '../render/pageResponse';
import { sendBody, sendUnavailable } from './responses';
import { createStaticFiles } from './staticFiles';
import type { Visit } from '../releases/visitorReleases';

/** The server's own options, and how its pages are made (pageResponse.ts's PageOptions). */
export interface StaticServerOptions extends PageOptions {
  /** the dist folder */
  root: string;
  port: number;
  host?: string;
  /** remotes are fetched cross-origin by the shell */
  cors?: boolean;
  /**
   * extra JSON documents served as files: path → value, or a function of the request's visit
   * (read per request; such a document depends on the visitor's cookie: private, Vary: Cookie)
   */
  jsonFiles?: Record<string, unknown>;
  /** a release store folder served under a URL prefix (e.g. /releases/ → .releases/admin-console/) */
  releases?: { prefix: string; dir: string };
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

const isPageRequest = (pathname: string) =>
  pathname.endsWith('/index.html') || !path.posix.basename(pathname).includes('.');

export function createStaticServer(options: StaticServerOptions): StaticServer {
  const {
    root,
    port,
    host = '127.0.0.1',
    cors = false,
    jsonFiles = {},
    releases,
    health = false,
    log = console.error,
  } = options;
  const files = createStaticFiles(root, { log });
  const releaseFiles = releases ? createStaticFiles(releases.dir, { log }) : null;
  let draining = false;
  const notFound = (res: http.ServerResponse) => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end('Not found');
  };

  const { send: sendPage, visit, serverRenderer } = createPageResponse(root, options);

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
      const perVisitor = typeof entry === 'function';
      const value = perVisitor ? (entry as (visit: Visit) => unknown)(visit(req, false)) : entry;
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        ...(perVisitor ? { 'Cache-Control': 'private, no-cache', Vary: 'Cookie' } : { 'Cache-Control': 'no-cache' }),
      });
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

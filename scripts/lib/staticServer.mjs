// Serves a production build: precompressed brotli/gzip, no-cache on the files that name other
// files (HTML, manifests, entries, runtime config), a year of immutable caching on content-hashed
// files, and the SPA fallback for deep links.
import http from 'node:http';
import sirv from 'sirv';

const HASHED = /\.[0-9a-f]{10}\.(js|css|woff2?|png|jpe?g|svg|webp)$/;

export function cacheControlFor(pathname) {
  return HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * @param {object} options
 * @param {string} options.root           the dist folder
 * @param {number} options.port
 * @param {string} [options.host]
 * @param {boolean} [options.cors]        remotes are fetched cross-origin by the shell
 * @param {Record<string, unknown>} [options.jsonFiles]  extra JSON documents (path → value) served as files
 * @param {(res: http.ServerResponse) => void} [options.extraHeaders]
 */
export function createStaticServer({ root, port, host = '127.0.0.1', cors = false, jsonFiles = {}, extraHeaders }) {
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
  const server = http.createServer((req, res) => {
    if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    extraHeaders?.(res, req);
    const pathname = new URL(req.url ?? '/', 'http://local').pathname;
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
    listen: () => new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve(server));
    }),
    /** Stops at once: open keep-alive connections are cut, as a crashed server's would be. */
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

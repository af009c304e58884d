// Files of a build folder: precompressed brotli/gzip variants, ETag and 304, no-cache on the
// files that name other files, a year of immutable caching on content-hashed files.
//
// Written here rather than with sirv (used before): sirv streams a file without listening for the
// stream's errors, so a file removed between its stat and its open (a redeploy, a release pruned)
// threw from an event emitter and ended the process; and it follows symbolic links out of its
// folder. Here a file is opened first and stat'ed through its descriptor (no window between the
// two), a failure is a 404 or a 500 for that request only, and a path is served only if its real
// path lies inside the real root (a link out of the folder is a 404). Looked up per request: a
// replaced file is sent whole with its new size, and new release folders are served at once.
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';

/** Content-hashed build files (webpack's [contenthash:10]); also the Firebase Hosting rule (scripts/hosting). */
export const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css|woff2?|png|jpe?g|svg|webp)$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const cacheControlFor = (pathname: string) => (HASHED_FILE.test(pathname) ? IMMUTABLE : 'no-cache');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
export const contentTypeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

const ENCODINGS = { br: /\bbr\b/, gzip: /\bgzip\b/ } as const;
export const accepts = (req: http.IncomingMessage, encoding: keyof typeof ENCODINGS) =>
  ENCODINGS[encoding].test(String(req.headers['accept-encoding'] ?? ''));

export type FileAnswer = 'sent' | 'missing';

/** Errors that mean "no such file here" (a 404), as opposed to a failure to read one (a 500). */
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'ENAMETOOLONG', 'EISDIR']);
const isAbsent = (error: unknown) => ABSENT.has((error as NodeJS.ErrnoException).code ?? '');

/**
 * Serves the files under one folder. `send` answers a request for `pathname` (already decoded
 * and normalised by the caller's URL parsing) and resolves 'missing' when there is no such
 * regular file, leaving the response untouched for the caller's fallback.
 */
export function createStaticFiles(root: string, { log = console.error }: { log?: (message: string) => void } = {}) {
  let realRoot: string | null = null;
  const rootNow = async () => (realRoot ??= await fs.promises.realpath(root));

  /**
   * The open file for `relative` if it is a regular file whose real path is inside the root; null
   * when there is none. Other failures (no descriptors left, an I/O error) are thrown: the caller
   * answers 500 for that request.
   */
  async function open(relative: string): Promise<{ handle: fs.promises.FileHandle; stat: fs.Stats } | null> {
    const inside = await rootNow().catch(() => null);
    if (!inside) return null;
    let real: string;
    try {
      real = await fs.promises.realpath(path.join(inside, relative));
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
    if (real !== inside && !real.startsWith(inside + path.sep)) return null;
    let handle: fs.promises.FileHandle;
    try {
      // O_NONBLOCK: opening a FIFO would otherwise wait for a writer, holding a libuv thread.
      handle = await fs.promises.open(real, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
    const stat = await handle.stat().catch(async (error: unknown) => {
      await handle.close().catch(() => undefined);
      throw error;
    });
    if (stat.isFile()) return { handle, stat };
    await handle.close().catch(() => undefined);
    return null;
  }

  async function send(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<FileAnswer> {
    let relative: string;
    try {
      relative = path.posix.normalize(decodeURIComponent(pathname));
    } catch {
      return 'missing';
    }
    if (relative.includes('\0') || relative.split('/').includes('..')) return 'missing';
    // The precompressed variants first, as the client accepts them (webpack writes .br and .gz).
    const variants: [string, string | null][] = [];
    if (accepts(req, 'br')) variants.push([`${relative}.br`, 'br']);
    if (accepts(req, 'gzip')) variants.push([`${relative}.gz`, 'gzip']);
    variants.push([relative, null]);
    for (const [file, encoding] of variants) {
      let opened;
      try {
        opened = await open(file);
      } catch (error) {
        log(`opening ${file} failed: ${(error as Error).message}`);
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end('Internal Server Error');
        return 'sent';
      }
      if (!opened) continue;
      const { handle, stat } = opened;
      const etag = `W/"${stat.size}-${stat.mtime.getTime()}${encoding ? `-${encoding}` : ''}"`;
      const headers: http.OutgoingHttpHeaders = {
        'Content-Type': contentTypeOf(relative),
        'Cache-Control': cacheControlFor(relative),
        'Last-Modified': stat.mtime.toUTCString(),
        ETag: etag,
        Vary: 'Accept-Encoding',
      };
      if (encoding) headers['Content-Encoding'] = encoding;
      if (req.headers['if-none-match'] === etag || req.method === 'HEAD') {
        await handle.close().catch(() => undefined);
        const notModified = req.headers['if-none-match'] === etag;
        if (!notModified) headers['Content-Length'] = stat.size;
        res.writeHead(notModified ? 304 : 200, headers);
        res.end();
        return 'sent';
      }
      headers['Content-Length'] = stat.size;
      res.writeHead(200, headers);
      if (stat.size === 0) {
        await handle.close().catch(() => undefined);
        res.end();
        return 'sent';
      }
      // pipeline, not pipe: a client that left while the file was being opened has closed the
      // response already, and a piped stream would wait for it forever, its file open until
      // garbage collection. pipeline closes the file then, at the end, and when a read fails
      // half-way, which can only cut the response short (the status is already sent).
      pipeline(handle.createReadStream({ start: 0, end: stat.size - 1 }), res, (error) => {
        if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
          log(`reading ${file} failed: ${error.message}`);
      });
      return 'sent';
    }
    return 'missing';
  }

  return { send };
}

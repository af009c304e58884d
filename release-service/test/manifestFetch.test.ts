/**
 * The gate's manifest read over real HTTP (a local server on a free port): the 2 MB cap holds on
 * the DECOMPRESSED bytes while they stream, so a small gzip/brotli answer that inflates far past it
 * is refused after about 2 MB, not inflated whole first (docs/releasing.md).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { createManifestFetcher, MAX_MANIFEST_BYTES, ManifestUnavailableError } from '../src/releases/manifests';

type Encoding = 'gzip' | 'br';
const compressor = (encoding: Encoding) => (encoding === 'gzip' ? zlib.createGzip() : zlib.createBrotliCompress());

const BLOCK = 64 * 1024;
/** What the bomb would inflate to: 64 times the cap (about 130 KB of gzip). */
const BOMB_BYTES = 64 * MAX_MANIFEST_BYTES;

interface Served {
  url: string;
  /** Inflated bytes the server had handed to the compressor when the client hung up (or it ended). */
  offered: () => number;
  closed: Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Serves a JSON string of BOMB_BYTES, compressed, one flushed 64 KB block per millisecond, and
 * counts how much of it was offered before the connection closed. Pacing matters: gzip shrinks
 * this text about 1,000 times, so without it the whole bomb would sit in the socket buffers at once
 * and the count would say nothing about the reader.
 */
async function serveBomb(encoding: Encoding): Promise<Served> {
  let offered = 0;
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
    const z = compressor(encoding);
    z.pipe(res);
    let stopped = false;
    res.on('close', () => {
      stopped = true;
      z.destroy();
      markClosed();
    });
    const block = Buffer.alloc(BLOCK, 'a');
    z.write('{"name":"bomb","pad":"');
    offered += 22;
    const next = () => {
      if (stopped) return;
      if (offered >= BOMB_BYTES) {
        z.end('"}');
        return;
      }
      z.write(block);
      offered += BLOCK;
      z.flush(() => setTimeout(next, 1));
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/remote/1.0.0/mf-manifest.json`,
    offered: () => offered,
    closed,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serveSmall(encoding: Encoding, body: object): Promise<{ url: string; stop: () => Promise<void> }> {
  const compressed =
    encoding === 'gzip' ? zlib.gzipSync(JSON.stringify(body)) : zlib.brotliCompressSync(JSON.stringify(body));
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
    res.end(compressed);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mf-manifest.json`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The heap the process holds, garbage collected first: what a read kept, not what it allocated and
 * let go (the capped text and its chunks, a few MB, which made a delta read without a collection
 * vary by more than the bar's margin: 8.4 MB against 8 MB once, beside the browser suite).
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const heapHeld = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

describe.each<Encoding>(['gzip', 'br'])('the manifest read of a %s-encoded answer', (encoding) => {
  it('reads a manifest under the cap', async () => {
    const served = await serveSmall(encoding, { name: 'public_site', exposes: [], shared: [] });
    try {
      await expect(createManifestFetcher()(served.url)).resolves.toEqual({
        name: 'public_site',
        exposes: [],
        shared: [],
      });
    } finally {
      await served.stop();
    }
  });

  it('refuses one that inflates past 2 MB once the cap is passed, in Japanese, without inflating the rest', async () => {
    const served = await serveBomb(encoding);
    const heapBefore = heapHeld();
    try {
      const error = await createManifestFetcher()(served.url).then(
        () => null,
        (e: unknown) => e,
      );
      // The client hung up: the server stops long before the end of the bomb. The reader took the
      // cap plus what was in flight (a few blocks), never the 128 MB behind it.
      await served.closed;
      expect(served.offered()).toBeGreaterThan(MAX_MANIFEST_BYTES);
      expect(served.offered()).toBeLessThan(4 * MAX_MANIFEST_BYTES);
      // Nothing near the inflated size was kept either (a whole read would hold 128 MB of text).
      expect(heapHeld() - heapBefore).toBeLessThan(4 * MAX_MANIFEST_BYTES);
      expect(error).toBeInstanceOf(ManifestUnavailableError);
      expect((error as ManifestUnavailableError).notFound).toBe(false);
      expect((error as ManifestUnavailableError).reason).toBe(
        '展開後のサイズが上限 2 MB を超えたため読み込みを中止しました',
      );
    } finally {
      await served.stop();
    }
  });
});

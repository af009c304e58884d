// The product as `npm start` runs it (auth emulator, article API, the three remotes), with the
// shell's own request handler mounted three times on the shell's port: server rendering on (as
// shipped), off (SERVER_RENDERING=off, the client-rendered "before") and on without the page cache
// (the uncached render load), plus each page's floor under /__floor/. The floor route exists only
// in this bench process, never in the product's server.
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { localRegistry, ports, remotes, webApp } from 'local-stack/apps.mjs';
import { stopChild } from 'local-stack/processes.mjs';
import { startApi, startAuthEmulator, startReleaseService, webAppServer } from 'local-stack/stack.mjs';

/**
 * As shipped (its registry from the release registry service); client-rendered
 * (SERVER_RENDERING=off); as shipped without the page cache (every request renders); as shipped
 * with fixed registry lines instead of the service's (the registry's cost, compared in one run).
 */
export type ShellVariant = 'server' | 'client' | 'uncached' | 'static registry';
export const FLOOR_PREFIX = '/__floor';

export interface BenchStack {
  shellUrl: string;
  /** The artifact store the remotes' servers serve releases from (the canary part publishes there). */
  storeDir: string;
  /** Which shell answers page requests from now on (Lighthouse runs one at a time). */
  use(variant: ShellVariant): void;
  /** Serves `html` as the floor of `route`; returns the floor's URL. */
  addFloor(route: string, html: string): string;
  stop(): Promise<void>;
}

/** The product's request handler, without listening on its port. */
const handlerOf = (server: ReturnType<typeof webAppServer>) =>
  server.server.listeners('request')[0] as http.RequestListener;

/** Compressed as the shell compresses its pages (brotli quality 5, else gzip 6), never cached. */
function sendFloor(req: http.IncomingMessage, res: http.ServerResponse, html: string) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' };
  if (/\bbr\b/.test(accepted)) {
    res.writeHead(200, { ...headers, 'Content-Encoding': 'br' });
    res.end(zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  } else if (/\bgzip\b/.test(accepted)) {
    res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip' });
    res.end(zlib.gzipSync(html, { level: 6 }));
  } else {
    res.writeHead(200, headers);
    res.end(html);
  }
}

export async function startBenchStack(dataDir: string): Promise<BenchStack> {
  // An empty release store: every remote is served from its local build, whatever was released here.
  const storeDir = path.join(dataDir, 'releases');
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopOne of stoppers.reverse()) await stopOne();
  };
  try {
    const emulator = await startAuthEmulator({ quiet: true });
    stoppers.push(() => stopChild(emulator.child));
    // startApi's JSDoc-less destructuring types only its defaulted options: pass a variable.
    const apiOptions = { dataDir, quiet: true };
    const api = await startApi(apiOptions);
    stoppers.push(() => stopChild(api.child));
    const releases = await startReleaseService(apiOptions);
    stoppers.push(() => stopChild(releases.child));
    for (const app of remotes) {
      const server = webAppServer(app, { storeDir });
      await server.listen();
      stoppers.push(() => server.close());
    }

    const shell = webApp('shell');
    // Listening (on a port of its own, unused): that starts its registry feed from the service.
    const shipped = webAppServer(shell, { storeDir, serverRendering: true, port: 0 });
    await shipped.listen();
    stoppers.push(() => shipped.close());
    let uncached: http.RequestListener | undefined;
    let staticRegistry: http.RequestListener | undefined;
    const handlers: Record<ShellVariant, http.RequestListener> = {
      server: handlerOf(shipped),
      client: handlerOf(webAppServer(shell, { storeDir, serverRendering: false })),
      // Made on first use: its render threads would otherwise load the renderer while the first
      // Lighthouse runs are measured, and a bench without the render load never needs it.
      get uncached() {
        return (uncached ??= handlerOf(webAppServer(shell, { storeDir, serverRendering: true, pageCache: false })));
      },
      get 'static registry'() {
        return (staticRegistry ??= handlerOf(
          webAppServer(shell, { storeDir, serverRendering: true, registry: localRegistry() }),
        ));
      },
    };
    let variant: ShellVariant = 'server';
    const floors = new Map<string, string>();
    const server = http.createServer((req, res) => {
      const floor = floors.get(new URL(req.url ?? '/', 'http://local').pathname);
      if (floor === undefined) handlers[variant](req, res);
      else sendFloor(req, res, floor);
    });
    const sockets = new Set<Socket>();
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ports.shell, '127.0.0.1', resolve);
    });
    stoppers.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => resolve());
        }),
    );

    const shellUrl = `http://localhost:${ports.shell}`;
    return {
      shellUrl,
      storeDir,
      use: (next) => {
        variant = next;
      },
      addFloor: (route, html) => {
        const floorPath = `${FLOOR_PREFIX}${route}`;
        floors.set(floorPath, html);
        return `${shellUrl}${floorPath}`;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

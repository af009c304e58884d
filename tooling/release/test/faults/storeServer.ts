/**
 * The artifact store and the shell as the service's gate reads them: `<dir>/store/<workspace>/
 * <version>/…` under /store/, the environment's shell manifest at /shell/mf-manifest.json. The
 * fault tests slow the gate down through `delay` (milliseconds before a file is answered, given
 * its path and how many times it was asked for before): a flip that outlasts the client's timeout.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface StoreServer {
  origin: string;
  /** What the service's RELEASE_PUBLIC_URL names. */
  publicUrl: string;
  shellManifestUrl: string;
  delay: ((urlPath: string, askedBefore: number) => number) | null;
  close(): Promise<void>;
}

export async function startStoreServer(root: string): Promise<StoreServer> {
  const asked = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://store').pathname);
    const file = path.join(root, urlPath);
    const askedBefore = asked.get(urlPath) ?? 0;
    asked.set(urlPath, askedBefore + 1);
    const answer = () => {
      // Read when answered, not when asked: a folder removed meanwhile is a 404, as a bucket's would be.
      if (!file.startsWith(`${root}${path.sep}`) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(fs.readFileSync(file));
    };
    const ms = store.delay?.(urlPath, askedBefore) ?? 0;
    if (ms > 0) setTimeout(answer, ms);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store: StoreServer = {
    origin,
    publicUrl: `${origin}/store/{workspace}`,
    shellManifestUrl: `${origin}/shell/mf-manifest.json`,
    delay: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return store;
}

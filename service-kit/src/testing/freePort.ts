import net from 'node:net';

/**
 * A TCP port on 127.0.0.1 that was free a moment ago, for a server the test starts next. (The
 * repo's scripts have the same helper in tooling/stack/processes.mjs; the services' code,
 * tests included, imports nothing from them.)
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

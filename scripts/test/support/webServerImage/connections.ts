/** Talking to the image's server from outside: free ports, plain GETs, whether a connection is refused. */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export function freePort(host?: string): Promise<number> {
  const server = net.createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One GET on its own connection (no pooling), with the headers given. */
export function get(port: number, pathname: string, headers: Record<string, string> = {}, onContinue?: () => void) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    if (onContinue) request.on('continue', onContinue);
    request.on('error', reject);
  });
}

/**
 * A GET, and when the server has taken it: with `Expect: 100-continue`, Node's server answers
 * "100 Continue" as it reads the request. Sent is not enough: a connection still in the listen
 * backlog when the server closes its listener is refused, not drained.
 */
export function getTaken(port: number, pathname: string) {
  let taken!: () => void;
  const read = new Promise<void>((resolve) => (taken = resolve));
  const response = get(port, pathname, { Expect: '100-continue' }, () => taken());
  // Settles when the server has read it, or fails as the request does (refused, reset).
  const readByServer = Promise.race([read, response.then(() => undefined)]);
  return { response, readByServer };
}

export function connects(port: number): Promise<true | string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** The first answer to a connection that is a refusal, or the last answer when `ms` have passed. */
export async function refusedWithin(port: number, ms: number): Promise<true | string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await connects(port);
    if (answer === 'ECONNREFUSED' || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

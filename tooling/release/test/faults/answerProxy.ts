/**
 * A small HTTP proxy between the release CLI and nginx: it forwards every request and records each
 * answer the service gave, by operation id (a write's Idempotency-Key, or the id in GET
 * …/operations/:id). With `loseAnswers` set it loses the first answer of each release write AFTER
 * the service sent it — the change is committed:
 * - 'drop', the way a load balancer's upstream timeout does: every other one replaced by nginx's
 *   502 page, the others by a reset connection;
 * - 'hold': never passed on, until the client gives up waiting (its timeout).
 * The retries of the same operation then pass, as a passing fault would let them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  method: string;
  path: string;
  /** The operation the request belongs to, or null (reads, sign-in). */
  operationId: string | null;
  /** What the service (through nginx) answered: null when nothing came (the client gave up first, nginx failed). */
  status: number | null;
  body: string;
  replayed: boolean;
  /** What the client got: the answer, a 502 put in its place, a reset, or nothing (it had gone). */
  delivered: 'answer' | 'replaced by 502' | 'reset' | 'client gone';
}

export interface AnswerProxy {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Lose the first answer of each release write (see above), or none (null). */
  loseAnswers: 'drop' | 'hold' | null;
  exchanges(): readonly Exchange[];
  /** Resolves once every request forwarded so far has its answer (or its failure) in. */
  idle(): Promise<void>;
  /** The first exchange (past or to come) that `matches` once the service's answer is in. */
  answered(matches: (exchange: Exchange) => boolean): Promise<Exchange>;
  close(): Promise<void>;
}

const RELEASE_WRITE = /^\/api\/releases\/[^/]+\/[^/]+(\/|$)/;
const OPERATION_READ = /^\/api\/releases\/operations\/([^/?]+)/;
const BAD_GATEWAY =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n';

const readAll = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export async function startAnswerProxy(upstreamOrigin: string): Promise<AnswerProxy> {
  const upstream = new URL(upstreamOrigin);
  const exchanges: Exchange[] = [];
  const answered = new Set<string>();
  let drops = 0;
  const waiting = new Set<(exchange: Exchange) => void>();
  let inFlight = 0;
  const idlers = new Set<() => void>();

  const server = http.createServer(async (request, response) => {
    const path = request.url ?? '/';
    const key = request.headers['idempotency-key'];
    const write = request.method === 'POST' && RELEASE_WRITE.test(path);
    const operationId = write && typeof key === 'string' ? key : (OPERATION_READ.exec(path)?.[1] ?? null);
    const exchange: Exchange = {
      method: request.method ?? 'GET',
      path,
      operationId,
      status: null,
      body: '',
      replayed: false,
      delivered: 'client gone',
    };
    exchanges.push(exchange);
    let clientGone = false;
    response.once('close', () => (clientGone = !response.writableFinished));

    const body = await readAll(request);
    const headers = { ...request.headers };
    delete headers.connection; // hop-by-hop: nginx gets its own keep-alive from this agent
    inFlight += 1;
    const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer } | null>(
      (resolve) => {
        const forward = http.request(
          { host: upstream.hostname, port: upstream.port, method: request.method, path, headers },
          async (reply) =>
            resolve({ status: reply.statusCode ?? 0, headers: reply.headers, body: await readAll(reply) }),
        );
        forward.once('error', () => resolve(null));
        forward.end(body);
      },
    );
    inFlight -= 1;
    if (inFlight === 0) {
      for (const idle of idlers) idle();
      idlers.clear();
    }
    if (answer) {
      exchange.status = answer.status;
      exchange.body = answer.body.toString('utf8');
      exchange.replayed = answer.headers['idempotent-replayed'] === 'true';
      for (const notify of waiting) notify(exchange);
    }
    if (clientGone) return;
    // A write without an id cannot be told from its retry: each of its answers is lost.
    const lose = write && (operationId === null || !answered.has(operationId)) ? proxy.loseAnswers : null;
    if (operationId !== null && write) answered.add(operationId);
    const drop = lose === 'drop';
    if (lose === 'hold') {
      // 'client gone' once its timeout closes the connection ('close' above).
      return;
    } else if (!answer) {
      // nginx itself did not answer: a fault of the test's own making, passed on as a reset.
      exchange.delivered = 'reset';
      response.socket?.destroy();
    } else if (drop && drops++ % 2 === 0) {
      exchange.delivered = 'replaced by 502';
      response.writeHead(502, { 'content-type': 'text/html' }).end(BAD_GATEWAY);
    } else if (drop) {
      exchange.delivered = 'reset';
      response.socket?.destroy();
    } else {
      exchange.delivered = 'answer';
      const { connection: _hopByHop, 'transfer-encoding': _chunked, ...passed } = answer.headers;
      response.writeHead(answer.status, passed).end(answer.body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: AnswerProxy = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    loseAnswers: null,
    exchanges: () => exchanges,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idlers.add(resolve))),
    answered: (matches) =>
      new Promise((resolve) => {
        const found = exchanges.find((exchange) => exchange.status !== null && matches(exchange));
        if (found) return resolve(found);
        const notify = (exchange: Exchange) => {
          if (!matches(exchange)) return;
          waiting.delete(notify);
          resolve(exchange);
        };
        waiting.add(notify);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return proxy;
}

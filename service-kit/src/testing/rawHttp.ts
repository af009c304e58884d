/**
 * One request per connection, answered or not: unlike the shared helper it never reuses a socket
 * (a refused request may close it) and it can send bytes no HTTP client would (malformed HTTP).
 */
import http from 'node:http';
import net from 'node:net';

export interface RawAnswer {
  /** 0 when no answer arrived. */
  status: number;
  contentType: string;
  body: string;
  error?: string;
}

const TIMEOUT_MS = 10_000;

export function sendOnce(
  port: number,
  request: { method: string; path: string; headers: Record<string, string>; body?: string | Buffer },
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const headers = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    let answered = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        headers,
        agent: false,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (error) =>
          resolve({ status: res.statusCode ?? 0, contentType: '', body: '', error: error.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    // A server may answer (e.g. 401) and close before a large body is fully written: the answer counts.
    req.on('error', (error) => {
      if (!answered) resolve({ status: 0, contentType: '', body: '', error: error.message });
    });
    req.end(request.body);
  });
}

/** Writes raw bytes and parses the single answer (status line, headers, Content-Length body). */
export function sendRaw(port: number, raw: string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = (error?: string) => {
      socket.destroy();
      const text = Buffer.concat(chunks);
      const headerEnd = text.indexOf('\r\n\r\n');
      if (headerEnd < 0) return resolve({ status: 0, contentType: '', body: '', error: error ?? 'no answer' });
      const head = text.subarray(0, headerEnd).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      const contentType = /^content-type: *(.*)$/im.exec(head)?.[1]?.trim() ?? '';
      const length = Number(/^content-length: *(\d+)$/im.exec(head)?.[1] ?? NaN);
      const rest = text.subarray(headerEnd + 4);
      resolve({ status, contentType, body: (Number.isNaN(length) ? rest : rest.subarray(0, length)).toString('utf8') });
    };
    socket.setTimeout(TIMEOUT_MS, () => finish('timed out'));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish());
    socket.on('error', (error) => finish(error.message));
    socket.write(raw, 'latin1');
  });
}

/** Runs `tasks` with at most `limit` in flight, keeping their order in the result. */
export async function inPool<T>(tasks: ReadonlyArray<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  /** One queue the workers share: each takes the next task until none is left. */
  const queue = tasks.entries();
  const worker = async () => {
    for (const [index, task] of queue) results[index] = await task();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

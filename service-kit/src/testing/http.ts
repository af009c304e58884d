/**
 * Requests against the app over a real loopback socket. Fastify's `inject` would be the usual tool,
 * but light-my-request ≥ 6.8 loads the ESM-only `cookie` 2, which Jest cannot require on Node 20;
 * a real socket also exercises exactly what a browser talks to (CORS, helmet, body limits).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface TestRequest {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string is sent as is (set its Content-Type yourself). */
  payload?: object | string;
}

export interface TestResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = unknown>(): T;
}

export type Send = (request: TestRequest) => Promise<TestResponse>;

/** Listens on an ephemeral 127.0.0.1 port; `app.close()` stops it. */
export async function listen(app: FastifyInstance): Promise<Send> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return (request) => sendTo(port, request);
}

export function sendTo(
  port: number,
  { method = 'GET', url, headers = {}, payload }: TestRequest,
): Promise<TestResponse> {
  const body = payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload);
  const allHeaders: Record<string, string> = { ...headers };
  if (body !== undefined) {
    allHeaders['content-length'] = String(Buffer.byteLength(body));
    if (typeof payload === 'object' && !('content-type' in allHeaders)) allHeaders['content-type'] = 'application/json';
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers: allHeaders }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          statusCode: res.statusCode ?? 0,
          headers: res.headers,
          body: text,
          json: <T>() => JSON.parse(text) as T,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

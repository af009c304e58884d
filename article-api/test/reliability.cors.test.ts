/**
 * CORS allows exactly the configured origins: preflights and actual requests from them get the
 * grant; from any other origin (look-alikes included) neither does, so a browser on another site
 * can neither send an authorised write (its preflight fails) nor read an answer.
 */
import { DEFAULT_CORS_ORIGINS } from '../src/config';
import type { TestRequest } from 'service-kit/testing';
import { asAdmin, validInput } from './support/testApp';
import { useTestApp } from './support/useTestApp';

const DISALLOWED = [
  'http://evil.example',
  'null',
  'http://localhost:3005',
  'https://localhost:3000',
  'http://localhost:30000',
  'http://localhost.evil.example:3000',
  'http://evil.example/http://localhost:3000',
  'http://127.0.0.2:3000',
  'http://[::1]:3000',
  'HTTP://LOCALHOST:3000x',
];

/** Every kind of request the apps make: public reads, signed-in reads and admin writes. */
const REQUESTS: Array<Required<Pick<TestRequest, 'method' | 'url'>> & { payload?: object; auth: boolean }> = [
  { method: 'GET', url: '/api/articles', auth: false },
  { method: 'GET', url: '/api/articles/slug/what-is-generative-ai', auth: false },
  { method: 'GET', url: '/api/business/articles', auth: true },
  { method: 'GET', url: '/api/admin/info', auth: true },
  { method: 'POST', url: '/api/articles', payload: validInput, auth: true },
  { method: 'PUT', url: '/api/articles/1', payload: validInput, auth: true },
  { method: 'DELETE', url: '/api/articles/2', auth: true },
];

const preflight = (origin: string, { method, url }: (typeof REQUESTS)[number]): TestRequest => ({
  method: 'OPTIONS',
  url,
  headers: {
    origin,
    'access-control-request-method': method,
    'access-control-request-headers': 'authorization,content-type',
  },
});

const { send } = useTestApp({ env: { RATE_LIMIT_WRITE_MAX: '10000' } });

describe.each(DEFAULT_CORS_ORIGINS)('allowed origin %s', (origin) => {
  it.each(REQUESTS)('grants the preflight of $method $url', async (request) => {
    const response = await send(preflight(origin, request));
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(response.headers['access-control-allow-methods']).toContain(request.method);
    expect(response.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
  });

  it('grants reads, and the Vary header keeps caches from serving one origin’s grant to another', async () => {
    const response = await send({ url: '/api/articles', headers: { origin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(response.headers.vary).toMatch(/Origin/i);
  });
});

describe.each(DISALLOWED)('disallowed origin %s', (origin) => {
  it.each(REQUESTS)('gets no grant in the preflight of $method $url', async (request) => {
    const response = await send(preflight(origin, request));
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it.each(REQUESTS)('gets no grant on the answer to $method $url', async (request) => {
    const response = await send({
      method: request.method,
      url: request.url,
      headers: { origin, ...(request.auth ? asAdmin : {}) },
      payload: request.payload,
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

it('never answers with a wildcard grant', async () => {
  for (const origin of [...DEFAULT_CORS_ORIGINS, ...DISALLOWED]) {
    for (const request of REQUESTS) {
      const response = await send(preflight(origin, request));
      expect(response.headers['access-control-allow-origin']).not.toBe('*');
    }
  }
});

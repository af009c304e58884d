/** Requests wrong before any body is read: bad ids and slugs in the path, wrong routes, no token, malformed HTTP. */
import { baseArticle, bearerOf, JSON_TYPE } from './requests';
import { repeat } from './text';
import type { Generator } from './types';

export const requestGenerators: Record<string, Generator> = {
  badIds(ctx) {
    const { prng } = ctx;
    const ids: Array<[string, number]> = [
      ['0', 400],
      ['-1', 400],
      ['1.5', 400],
      ['1e3', 400],
      ['0x1F', 400],
      ['%201', 400],
      ['1%20', 400],
      ['%00', 400],
      ['%D9%A1', 400],
      ['%EF%BC%91', 400],
      ['abc', 400],
      ["1'--", 400],
      ['1;DROP%20TABLE%20articles', 400],
      ['%27%20OR%201%3D1', 400],
      ['..%2F..%2Fhealth', 400],
      ['%', 400],
      ['%E0%A4%A', 400],
      ['%FF', 400],
      [repeat('9', 17), 400],
      [repeat('9', 100), 400],
      [String(ctx.missingId), 404],
      ['9007199254740991', 404],
      ['9007199254740992', 400],
      [repeat('9', 16), 400],
      [repeat('1', prng.int(101, 8_000)), 414],
      [repeat('1', prng.int(17_000, 40_000)), 431],
    ];
    const [id, status] = prng.pick(ids);
    const method = prng.pick(['GET', 'GET', 'HEAD', 'PUT', 'DELETE']);
    const asAdmin = method === 'PUT' || method === 'DELETE';
    const body = method === 'PUT' ? JSON.stringify(baseArticle(prng)) : undefined;
    return {
      label: `bad id: ${method} /api/articles/${id.slice(0, 30)}${id.length > 30 ? `… (${id.length})` : ''}`,
      method,
      path: `/api/articles/${id}`,
      headers: {
        ...(asAdmin ? bearerOf(ctx) : {}),
        ...(body ? { 'content-type': JSON_TYPE } : {}),
      },
      body,
      expected: [status],
    };
  },

  badSlugPaths(ctx) {
    const { prng } = ctx;
    const slugs: Array<[string, number]> = [
      ['no-such-article', 404],
      ['%27%20OR%201%3D1%20--', 404],
      ['%00', 404],
      ['%E3%81%82', 404],
      ['%F0%9F%98%80', 404],
      ['..%2F..%2Fhealth', 404],
      ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', 404],
      ['%E2%80%AEabc', 404],
      ['%', 400],
      ['%C0%AF', 400],
      [repeat('a', prng.int(101, 8_000)), 414],
      [repeat('a', prng.int(17_000, 40_000)), 431],
    ];
    const [slug, status] = prng.pick(slugs);
    const business = prng.chance(0.25);
    return {
      label: `bad slug path: ${business ? 'business ' : ''}${slug.slice(0, 40)}${slug.length > 40 ? `… (${slug.length})` : ''}`,
      method: prng.pick(['GET', 'HEAD']),
      path: business ? `/api/business/articles/${slug}` : `/api/articles/slug/${slug}`,
      headers: business ? bearerOf(ctx) : {},
      expected: [status],
    };
  },

  wrongRoutes(ctx) {
    const { prng } = ctx;
    const body = JSON.stringify(baseArticle(prng));
    const routes: Array<[string, string, number]> = [
      ['PATCH', '/api/articles/1', 404],
      ['POST', '/api/articles/slug/x', 404],
      ['PUT', '/api/articles', 404],
      ['DELETE', '/api/articles', 404],
      ['POST', '/api/articles/1', 404],
      ['GET', '/api/articles/1/extra', 404],
      ['GET', '/api/%2e%2e/%2e%2e/etc/passwd', 404],
      ['GET', `/api/articles/${ctx.missingId}?__proto__[polluted]=1&constructor[prototype][polluted]=1`, 404],
      ['PUT', '/api/health', 404], // POST is the health reports' route (an article body there is a 400)
      ['DELETE', '/api/admin/users', 404],
      ['GET', '/API/ARTICLES', 404],
      ['GET', '//api//articles', 404],
      ['POST', '/api/business/articles', 404],
    ];
    const [method, path, status] = prng.pick(routes);
    const hasBody = method !== 'GET' && method !== 'DELETE';
    return {
      label: `wrong route: ${method} ${path.slice(0, 60)}`,
      method,
      path,
      headers: { ...bearerOf(ctx), ...(hasBody ? { 'content-type': JSON_TYPE } : {}) },
      body: hasBody ? body : undefined,
      expected: [status],
    };
  },

  anonymousWrites(ctx) {
    const { prng } = ctx;
    const method = prng.pick(['POST', 'PUT', 'DELETE']);
    const path = method === 'POST' ? '/api/articles' : `/api/articles/${prng.pick(ctx.ids)}`;
    const body = prng.pick([
      JSON.stringify(baseArticle(prng)),
      repeat('x', prng.int(300_000, 1_000_000)),
      '{"__proto__":{}}',
    ]);
    return {
      label: `anonymous write: ${method} with a ${body.length}-character body`,
      method,
      path,
      headers: {
        'content-type': JSON_TYPE,
        ...(prng.chance(0.5) ? { authorization: 'Bearer forged.token.value' } : {}),
      },
      body: method === 'DELETE' ? undefined : body,
      expected: [401],
    };
  },

  malformedHttp(ctx) {
    const { prng } = ctx;
    const auth = `Authorization: Bearer ${ctx.adminToken}\r\n`;
    const cases: Array<[string, string]> = [
      ['headers over 16 KB', `GET /api/articles HTTP/1.1\r\nHost: x\r\nX-Big: ${repeat('a', 20_000)}\r\n\r\n`],
      ['invalid header name', 'GET /api/articles HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n'],
      [
        'invalid chunk size',
        `POST /api/articles HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`,
      ],
      [
        'Content-Length and Transfer-Encoding',
        `POST /api/articles HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      ],
      [
        'non-numeric Content-Length',
        `POST /api/articles HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
      ],
      ['invalid method token', 'G@T /api/articles HTTP/1.1\r\nHost: x\r\n\r\n'],
      ['garbage request line', 'HELLO THERE\r\n\r\n'],
      ['control character in the path', 'GET /api/articles/\u0001 HTTP/1.1\r\nHost: x\r\n\r\n'],
      ['unsupported HTTP version', 'GET /api/articles HTTP/9.9\r\nHost: x\r\n\r\n'],
    ];
    const [label, raw] = prng.pick(cases);
    return {
      label: `malformed HTTP: ${label}`,
      method: 'RAW',
      path: '',
      headers: {},
      raw,
      expected: label.startsWith('headers over') ? [431] : [400],
    };
  },
};

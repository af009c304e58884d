/**
 * Authorisation matrix: every route the app registers × anonymous / signed-in operator / admin,
 * with ID tokens from the real Auth emulator verified by firebase-admin. A route added without a
 * matrix entry fails the first test. Then the tokens that must be refused on every protected route.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import {
  type AuthEmulator,
  disableAccount,
  revokeTokens,
  signUpOnEmulator,
  startPrivateAuthEmulator,
} from './support/authEmulator';
import type { TestRequest } from './support/http';
import { decodeClaims, nowInSeconds, unsignedToken, withClaims } from './support/idTokens';
import { freshDatabaseEnv } from './support/engine';
import { bearer, validInput } from './support/testApp';
import { useTestApp } from './support/useTestApp';

jest.setTimeout(60_000);

type Role = 'anonymous' | 'operator' | 'admin';
const ROLES: readonly Role[] = ['anonymous', 'operator', 'admin'];
type Method = NonNullable<TestRequest['method']>;

interface MatrixEntry {
  /** A concrete request for the route pattern. */
  url: string;
  payload?: (role: Role) => object;
  headers?: Record<string, string>;
  expected: Record<Role, number>;
}

const PUBLIC = { anonymous: 200, operator: 200, admin: 200 };
const SIGNED_IN = { anonymous: 401, operator: 200, admin: 200 };
const ADMIN_ONLY = (success: number) => ({ anonymous: 401, operator: 403, admin: success });
const uniqueSlug = (role: Role) => `matrix-${role}-${Date.now().toString(36)}`;

/** Keyed "METHOD /pattern" exactly as Fastify registers it; HEAD entries are derived from GET. */
const GET_AND_WRITES: Record<string, MatrixEntry> = {
  'OPTIONS *': {
    url: '/api/articles/1',
    headers: {
      origin: 'http://localhost:3004',
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'authorization,content-type',
    },
    expected: { anonymous: 204, operator: 204, admin: 204 },
  },
  'GET /api/health': { url: '/api/health', expected: PUBLIC },
  'GET /api/articles': { url: '/api/articles', expected: PUBLIC },
  'GET /api/articles/slug/:slug': { url: '/api/articles/slug/what-is-generative-ai', expected: PUBLIC },
  'GET /api/articles/:id': { url: '/api/articles/1', expected: PUBLIC },
  'POST /api/articles': {
    url: '/api/articles',
    payload: (role) => ({ ...validInput, slug: uniqueSlug(role) }),
    expected: ADMIN_ONLY(201),
  },
  'PUT /api/articles/:id': { url: '/api/articles/2', payload: () => validInput, expected: ADMIN_ONLY(200) },
  'DELETE /api/articles/:id': { url: '/api/articles/3', expected: ADMIN_ONLY(204) },
  'GET /api/business/articles': { url: '/api/business/articles', expected: SIGNED_IN },
  'GET /api/business/articles/:slug': { url: '/api/business/articles/ai-accounting-guide', expected: SIGNED_IN },
  'GET /api/admin/users': { url: '/api/admin/users', expected: ADMIN_ONLY(200) },
  'GET /api/admin/info': { url: '/api/admin/info', expected: ADMIN_ONLY(200) },
  // The release registry (routes/releases.ts): a signed-in account in no release team is refused
  // like a non-admin. An admin passes the guards and meets the service's own answers: nothing is
  // published or served in this database, and the artifact store (port 9) cannot be reached.
  'GET /api/registry/:environment': { url: '/api/registry/production', expected: PUBLIC },
  'GET /api/releases': { url: '/api/releases', expected: ADMIN_ONLY(200) },
  'GET /api/releases/audit': { url: '/api/releases/audit', expected: ADMIN_ONLY(200) },
  // Release writes carry an operation id (a new one per role: each is its own action).
  'GET /api/releases/operations/:id': {
    url: '/api/releases/operations/matrix-never-sent-0001',
    expected: { anonymous: 401, operator: 404, admin: 404 },
  },
  'GET /api/releases/:remote/versions/:version': {
    url: '/api/releases/admin_console/versions/v1',
    expected: ADMIN_ONLY(200),
  },
  'POST /api/releases/:remote/:environment': {
    url: '/api/releases/admin_console/staging',
    headers: { 'idempotency-key': `matrix-staging-${Date.now()}` },
    payload: (role) => ({ version: `matrix-${role}` }),
    expected: ADMIN_ONLY(502),
  },
  'POST /api/releases/:remote/:environment/promote': {
    url: '/api/releases/admin_console/production/promote',
    headers: { 'idempotency-key': `matrix-production-promote-${Date.now()}` },
    payload: () => ({ version: 'never-released' }),
    expected: ADMIN_ONLY(404),
  },
  'POST /api/releases/:remote/:environment/rollback': {
    url: '/api/releases/admin_console/production/rollback',
    headers: { 'idempotency-key': `matrix-production-rollback-${Date.now()}` },
    payload: () => ({ expectedLive: null }),
    expected: ADMIN_ONLY(409),
  },
  // Canaries: the rights of a release; an admin meets the service's 409 (no canary runs here).
  'POST /api/releases/:remote/:environment/canary': {
    url: '/api/releases/admin_console/production/canary',
    headers: { 'idempotency-key': `matrix-production-canary-${Date.now()}` },
    payload: () => ({ percent: 50, expectedCanary: 'v1' }),
    expected: ADMIN_ONLY(409),
  },
  'POST /api/releases/:remote/:environment/canary/promote': {
    url: '/api/releases/admin_console/production/canary/promote',
    headers: { 'idempotency-key': `matrix-production-canary-promote-${Date.now()}` },
    payload: () => ({ expectedCanary: 'v1' }),
    expected: ADMIN_ONLY(409),
  },
  'POST /api/releases/:remote/:environment/canary/abort': {
    url: '/api/releases/admin_console/production/canary/abort',
    headers: { 'idempotency-key': `matrix-production-canary-abort-${Date.now()}` },
    payload: () => ({ expectedCanary: 'v1' }),
    expected: ADMIN_ONLY(409),
  },
  // Browsers' health reports: anonymous by design; a token changes nothing (and is not checked).
  'POST /api/health': {
    url: '/api/health',
    payload: () => ({
      environment: 'production',
      entries: [
        {
          remote: 'public_site',
          manifest: 'http://localhost:3002/mf-manifest.json',
          views: 1,
          loadFailures: 0,
          renderCrashes: 0,
          hydrationErrors: 0,
        },
      ],
    }),
    expected: { anonymous: 202, operator: 202, admin: 202 },
  },
};

const MATRIX: Record<string, MatrixEntry> = Object.fromEntries(
  Object.entries(GET_AND_WRITES).flatMap(([key, entry]) =>
    key.startsWith('GET ') ? [[key, entry] as const, [key.replace(/^GET /, 'HEAD '), entry] as const] : [[key, entry]],
  ),
);

const methodOf = (key: string) => key.split(' ')[0] as Method;
/** Routes a token guards: anonymous is refused. */
const PROTECTED = Object.entries(MATRIX).filter(([, entry]) => entry.expected.anonymous === 401);

const MESSAGES = {
  401: ['ログインが必要です。', 'ログインの有効期限が切れたか、認証情報が正しくありません。再度ログインしてください。'],
  403: [
    '管理者権限が必要です。',
    'リリースの権限がありません。リリースチームのメンバーか管理者だけが利用できます。',
    'admin-console をリリースする権限がありません。admin-console チームのメンバーか管理者だけがリリースできます。',
  ],
} as const;

const run = `${Date.now().toString(36)}-${process.pid}`;
const adminEmail = `matrix-admin-${run}@example.com`;
const operatorEmail = `matrix-operator-${run}@example.com`;

/** The request a role sends to a matrix entry (with its token, if any). */
function requestFor(key: string, entry: MatrixEntry, role: Role, token: string | null): TestRequest {
  const headers = { ...entry.headers, ...(token ? bearer(token) : {}) };
  return {
    method: methodOf(key),
    url: entry.url,
    headers,
    payload: entry.payload?.(role),
  };
}

function expectRefusal(response: { statusCode: number; body: string }, status: 401 | 403, method: Method) {
  expect(response.statusCode).toBe(status);
  if (method === 'HEAD') return;
  expect(MESSAGES[status]).toContain((JSON.parse(response.body) as { error: string }).error);
}

let emulator: AuthEmulator;
const registered: string[] = [];
const tokens: Record<Role, string | null> = { anonymous: null, operator: null, admin: null };

beforeAll(async () => {
  emulator = await startPrivateAuthEmulator();
}, 120_000);
const { send } = useTestApp({
  build: () => {
    const app = buildApp({
      config: loadConfig({
        ...freshDatabaseEnv(),
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        FIREBASE_PROJECT_ID: 'demo-ai-manabi',
        ADMIN_EMAILS: adminEmail,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_WRITE_MAX: '10000',
        RELEASE_PUBLIC_URL: 'http://127.0.0.1:9/{workspace}',
      }),
      logger: false,
    });
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push(`${method} ${route.url}`);
    });
    return app;
  },
});
beforeAll(async () => {
  [tokens.admin, tokens.operator] = await Promise.all([
    signUpOnEmulator(emulator.host, adminEmail),
    signUpOnEmulator(emulator.host, operatorEmail),
  ]);
}, 120_000);
afterAll(() => emulator?.stop());

it('has a matrix entry for every registered route, and no entry for a route that does not exist', () => {
  expect([...registered].sort()).toEqual(Object.keys(MATRIX).sort());
  expect(registered).toHaveLength(37);
});

describe.each(Object.entries(MATRIX))('%s', (key, entry) => {
  it.each(ROLES)('as %s', async (role) => {
    const response = await send(requestFor(key, entry, role, tokens[role]));
    const expected = entry.expected[role];
    if (expected === 401 || expected === 403) expectRefusal(response, expected, methodOf(key));
    else expect({ status: response.statusCode, body: response.body.slice(0, 200) }).toMatchObject({ status: expected });
  });
});

describe('tokens the emulator-mode service refuses on every protected route', () => {
  const refused: Record<string, () => Promise<string>> = {
    "another project's token (aud/iss of demo-other-project)": async () =>
      withClaims(tokens.admin!, {
        aud: 'demo-other-project',
        iss: 'https://securetoken.google.com/demo-other-project',
      }),
    'an expired token': async () => {
      const now = nowInSeconds();
      return withClaims(tokens.admin!, { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 });
    },
    'a token issued for an account that does not exist': async () =>
      withClaims(tokens.admin!, { sub: 'no-such-account', user_id: 'no-such-account' }),
    'a token with a signature added (tampered)': async () => `${tokens.admin!.slice(0, -1)}.c2lnbmF0dXJl`,
    'a token whose header claims RS256 (algorithm swapped)': async () =>
      unsignedToken(decodeClaims(tokens.admin!), { alg: 'RS256', typ: 'JWT', kid: 'forged' }),
    'garbage: one word': async () => 'garbage',
    'garbage: three dotted words': async () => 'not.a.token',
    'garbage: random base64url segments': async () =>
      ['eyJhbGciOiJub25lIn0', 'eyJzdWIiOiJ4In0', 'AAAA'].join('.') + 'x'.repeat(40),
    'garbage: 8 KB of characters': async () => 'A'.repeat(8 * 1024),
    "a disabled account's token": async () => {
      const token = await signUpOnEmulator(emulator.host, `matrix-disabled-${run}@example.com`);
      await disableAccount(emulator.host, String(decodeClaims(token).sub));
      return token;
    },
    "a revoked account's token": async () => {
      const token = await signUpOnEmulator(emulator.host, `matrix-revoked-${run}@example.com`);
      await revokeTokens(emulator.host, String(decodeClaims(token).sub));
      return token;
    },
  };

  it.each(Object.entries(refused))('%s → 401', async (_label, makeToken) => {
    const token = await makeToken();
    for (const [key, entry] of PROTECTED) {
      const response = await send(requestFor(key, entry, 'admin', token));
      expect({ key, status: response.statusCode }).toEqual({ key, status: 401 });
    }
  });

  it('refuses an Authorization header that is not a Bearer token', async () => {
    for (const authorization of ['Basic YWRtaW46YWRtaW4=', 'Bearer', `Token ${tokens.admin}`, `Bearer  `]) {
      for (const [key, entry] of PROTECTED) {
        const response = await send({ ...requestFor(key, entry, 'admin', null), headers: { authorization } });
        expect({ key, authorization: authorization.slice(0, 12), status: response.statusCode }).toMatchObject({
          status: 401,
        });
      }
    }
  });
});

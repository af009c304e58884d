/**
 * Authorisation matrix for a service: every route the app registers × anonymous / signed-in
 * operator / admin, with ID tokens from the test run's Auth emulator (runAuthEmulator.ts) verified
 * by firebase-admin. A route added without a matrix entry fails the first test. Then the tokens that must be refused on every
 * protected route. Each service lists its routes (its test/reliability.authMatrix.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../errors';
import { type AuthEmulator, disableAccount, revokeTokens, signUpOnEmulator } from './authEmulator';
import { freshDatabaseEnv } from './engine';
import { runAuthEmulator } from './runAuthEmulator';
import type { TestRequest } from './http';
import { decodeClaims, nowInSeconds, unsignedToken, withClaims } from './idTokens';
import { serve, type RunningApp } from './useTestApp';
import { paced } from './pace';

export type Role = 'anonymous' | 'operator' | 'admin';
const ROLES: readonly Role[] = ['anonymous', 'operator', 'admin'];
type Method = NonNullable<TestRequest['method']>;

export interface MatrixEntry {
  /** A concrete request for the route pattern. */
  url: string;
  payload?: (role: Role) => object;
  headers?: Record<string, string>;
  expected: Record<Role, number>;
}

export const PUBLIC = { anonymous: 200, operator: 200, admin: 200 };
export const SIGNED_IN = { anonymous: 401, operator: 200, admin: 200 };
export const ADMIN_ONLY = (success: number) => ({ anonymous: 401, operator: 403, admin: success });

export interface AuthMatrixOptions {
  /** Keyed "METHOD /pattern" exactly as Fastify registers it; HEAD entries are derived from GET. */
  routes: Record<string, MatrixEntry>;
  /**
   * The service's app on `env`: a fresh database, the private emulator, one admin of its own, silent
   * logs and no write limit in the way (a service adds its own settings to it).
   */
  build(env: Record<string, string>): FastifyInstance;
  /** Every sentence a 403 may carry (a 401 carries one of service-kit's two). */
  refusals: { 403: readonly string[] };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function describeAuthMatrix({ routes, build, refusals: { 403: forbidden } }: AuthMatrixOptions): void {
  const refusals = { 401: [MESSAGES.unauthorized, MESSAGES.invalidToken], 403: forbidden };
  const matrix: Record<string, MatrixEntry> = Object.fromEntries(
    Object.entries(routes).flatMap(([key, entry]) =>
      key.startsWith('GET ')
        ? [[key, entry] as const, [key.replace(/^GET /, 'HEAD '), entry] as const]
        : [[key, entry]],
    ),
  );
  const methodOf = (key: string) => key.split(' ')[0] as Method;
  /** Routes a token guards: anonymous is refused. */
  const guarded = Object.entries(matrix).filter(([, entry]) => entry.expected.anonymous === 401);
  const run = `${Date.now().toString(36)}-${process.pid}`;
  const adminEmail = `matrix-admin-${run}@example.com`;

  const requestFor = (key: string, entry: MatrixEntry, role: Role, token: string | null): TestRequest => ({
    method: methodOf(key),
    url: entry.url,
    headers: { ...entry.headers, ...(token ? bearer(token) : {}) },
    payload: entry.payload?.(role),
  });
  const expectRefusal = (response: { statusCode: number; body: string }, status: 401 | 403, method: Method) => {
    expect(response.statusCode).toBe(status);
    if (method === 'HEAD') return;
    expect(refusals[status]).toContain((JSON.parse(response.body) as { error: string }).error);
  };

  let emulator: AuthEmulator;
  let running: RunningApp;
  const registered: string[] = [];
  const tokens: Record<Role, string | null> = { anonymous: null, operator: null, admin: null };
  beforeAll(async () => {
    emulator = await runAuthEmulator();
    const app = build(
      Object.assign(freshDatabaseEnv(), {
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        FIREBASE_PROJECT_ID: 'demo-ai-manabi',
        ADMIN_EMAILS: adminEmail,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_WRITE_MAX: '10000',
      }),
    );
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push(`${method} ${route.url}`);
    });
    running = await serve(app);
    [tokens.admin, tokens.operator] = await Promise.all([
      signUpOnEmulator(emulator.host, adminEmail),
      signUpOnEmulator(emulator.host, `matrix-operator-${run}@example.com`),
    ]);
  }, paced(120_000));
  afterAll(async () => {
    await running?.app.close();
    await emulator?.stop();
  });
  const send = (request: TestRequest) => running.send(request);

  it('has a matrix entry for every registered route, and no entry for a route that does not exist', () => {
    expect([...registered].sort()).toEqual(Object.keys(matrix).sort());
  });

  describe.each(Object.entries(matrix))('%s', (key, entry) => {
    it.each(ROLES)('as %s', async (role) => {
      const response = await send(requestFor(key, entry, role, tokens[role]));
      const expected = entry.expected[role];
      if (expected === 401 || expected === 403) expectRefusal(response, expected, methodOf(key));
      else
        expect({ status: response.statusCode, body: response.body.slice(0, 200) }).toMatchObject({ status: expected });
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
      for (const [key, entry] of guarded) {
        const response = await send(requestFor(key, entry, 'admin', token));
        expect({ key, status: response.statusCode }).toEqual({ key, status: 401 });
      }
    });

    it('refuses an Authorization header that is not a Bearer token', async () => {
      for (const authorization of ['Basic YWRtaW46YWRtaW4=', 'Bearer', `Token ${tokens.admin}`, `Bearer  `]) {
        for (const [key, entry] of guarded) {
          const response = await send({ ...requestFor(key, entry, 'admin', null), headers: { authorization } });
          expect({ key, authorization: authorization.slice(0, 12), status: response.statusCode }).toMatchObject({
            status: 401,
          });
        }
      }
    });
  });
}

/**
 * firebase-admin's real verifier (no emulator host): RS256 tokens signed with a test key that
 * stands in for Google's published keys. Emulator verification is off unless the emulator host is
 * configured, and it fails closed: the unsigned tokens the emulator issues are refused with no
 * network at all.
 */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type AuthEmulator, createAccountInProject, signUpOnEmulator, runAuthEmulator } from 'service-kit/testing';
import { listen, type Send, type TestRequest } from 'service-kit/testing';
import {
  type Claims,
  createSigningKey,
  idTokenClaims,
  nowInSeconds,
  signedToken,
  tamperClaims,
  tamperSignature,
  unsignedToken,
} from 'service-kit/testing';
import { freshDatabaseEnv } from 'service-kit/testing';
import { bearer, validInput } from './support/testApp';
import { useTestApp } from './support/useTestApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

const PROJECT = 'ai-manabi-reliability';
const ADMIN = { uid: 'uid-real-admin', email: 'admin@example.com' };
const OPERATOR = { uid: 'uid-real-operator', email: 'operator@example.com' };

/** Every protected route, one request each (the matrix test proves this list is complete). */
const PROTECTED: TestRequest[] = [
  { method: 'POST', url: '/api/articles', payload: validInput },
  { method: 'PUT', url: '/api/articles/1', payload: validInput },
  { method: 'DELETE', url: '/api/articles/1' },
  { url: '/api/business/articles' },
  { method: 'HEAD', url: '/api/business/articles' },
  { url: '/api/business/articles/ai-accounting-guide' },
  { method: 'HEAD', url: '/api/business/articles/ai-accounting-guide' },
  { url: '/api/admin/users' },
  { method: 'HEAD', url: '/api/admin/users' },
  { url: '/api/admin/info' },
  { method: 'HEAD', url: '/api/admin/info' },
];

/** firebase-admin's fetcher of Google's public keys: the tests answer for it (the machine is offline). */
interface KeyFetcherClass {
  prototype: { fetchPublicKeys(): Promise<Record<string, string>> };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- not exported by the package; Jest's require shares the verifier's instance
const { UrlKeyFetcher } = require(path.join(path.dirname(require.resolve('firebase-admin')), 'utils/jwt.js')) as {
  UrlKeyFetcher: KeyFetcherClass;
};

function realProjectApp(project = PROJECT): FastifyInstance {
  return buildApp({
    config: loadConfig({
      ...freshDatabaseEnv(),
      FIREBASE_PROJECT_ID: project,
      ADMIN_EMAILS: ADMIN.email,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_WRITE_MAX: '10000',
    }),
    logger: false,
  });
}

async function statusesOnProtectedRoutes(send: Send, token: string): Promise<number[]> {
  const statuses: number[] = [];
  for (const request of PROTECTED) statuses.push((await send({ ...request, headers: bearer(token) })).statusCode);
  return statuses;
}
const allRefused = PROTECTED.map(() => 401);

describe('a real project, with the published keys answered by the test', () => {
  const googleKey = createSigningKey('google-key-1');
  const foreignKey = createSigningKey(googleKey.kid); // same kid, another key pair
  let fetchKeys: jest.SpyInstance;
  beforeAll(() => {
    fetchKeys = jest
      .spyOn(UrlKeyFetcher.prototype, 'fetchPublicKeys')
      .mockResolvedValue({ [googleKey.kid]: googleKey.publicKeyPem });
  });
  const { send } = useTestApp({ build: () => realProjectApp() });
  afterAll(() => fetchKeys.mockRestore());

  const adminToken = (changes: Claims = {}) => signedToken(idTokenClaims(PROJECT, ADMIN, changes), googleKey);
  const operatorToken = () => signedToken(idTokenClaims(PROJECT, OPERATOR), googleKey);

  it('accepts a correctly signed token: the admin writes, the operator reads business pages only', async () => {
    expect((await send({ url: '/api/admin/info', headers: bearer(adminToken()) })).statusCode).toBe(200);
    const created = await send({
      method: 'POST',
      url: '/api/articles',
      headers: bearer(adminToken()),
      payload: validInput,
    });
    expect(created.statusCode).toBe(201);
    expect((await send({ url: '/api/business/articles', headers: bearer(operatorToken()) })).statusCode).toBe(200);
    expect((await send({ url: '/api/admin/info', headers: bearer(operatorToken()) })).statusCode).toBe(403);
    // An admin e-mail that the provider has not verified is not an admin against a real project.
    expect(
      (await send({ url: '/api/admin/info', headers: bearer(adminToken({ email_verified: false })) })).statusCode,
    ).toBe(403);
  });

  const refused: Record<string, () => string> = {
    'a signature with one character changed': () => tamperSignature(adminToken()),
    "an operator's signed token re-labelled with the admin e-mail": () =>
      tamperClaims(operatorToken(), { email: ADMIN.email }),
    'a token signed with another key under the same key id': () =>
      signedToken(idTokenClaims(PROJECT, ADMIN), foreignKey),
    'a token naming a key Google does not publish': () =>
      signedToken(idTokenClaims(PROJECT, ADMIN), googleKey, { kid: 'unknown-key' }),
    "another project's token (aud/iss), correctly signed": () =>
      signedToken(idTokenClaims('another-project', ADMIN), googleKey),
    'an expired token, correctly signed': () =>
      adminToken({ iat: nowInSeconds() - 7200, auth_time: nowInSeconds() - 7200, exp: nowInSeconds() - 3600 }),
    'a token without a subject': () => adminToken({ sub: '' }),
    'an HS256 token keyed with the public key (algorithm confusion)': () => {
      const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: googleKey.kid })).toString(
        'base64url',
      );
      const payload = Buffer.from(JSON.stringify(idTokenClaims(PROJECT, ADMIN))).toString('base64url');
      const signature = createHmac('sha256', googleKey.publicKeyPem).update(`${header}.${payload}`).digest('base64url');
      return `${header}.${payload}.${signature}`;
    },
    'an unsigned (alg none) token with the right claims': () => unsignedToken(idTokenClaims(PROJECT, ADMIN)),
  };

  it.each(Object.entries(refused))('refuses %s on every protected route (401)', async (_label, makeToken) => {
    expect(await statusesOnProtectedRoutes(send, makeToken())).toEqual(allRefused);
  });
});

describe('emulator verification is off unless FIREBASE_AUTH_EMULATOR_HOST is configured', () => {
  it('refuses unsigned emulator tokens without fetching any key (no network needed)', async () => {
    const fetchKeys = jest.spyOn(UrlKeyFetcher.prototype, 'fetchPublicKeys');
    const app = realProjectApp();
    const send = await listen(app);
    try {
      // What the emulator would issue for this project, and what it issues for its demo project.
      const forProject = unsignedToken(idTokenClaims(PROJECT, ADMIN));
      const forDemo = unsignedToken(idTokenClaims('demo-ai-manabi', ADMIN));
      expect(await statusesOnProtectedRoutes(send, forProject)).toEqual(allRefused);
      expect(await statusesOnProtectedRoutes(send, forDemo)).toEqual(allRefused);
      expect(fetchKeys).not.toHaveBeenCalled();
    } finally {
      await app.close();
      fetchKeys.mockRestore();
    }
  });

  let emulator: AuthEmulator;
  beforeAll(async () => {
    emulator = await runAuthEmulator();
  }, paced(120_000));
  afterAll(() => emulator?.stop());

  it('refuses a token the running emulator really issued', async () => {
    const app = realProjectApp();
    const send = await listen(app);
    try {
      const token = await signUpOnEmulator(emulator.host, `real-mode-${Date.now()}-${process.pid}@example.com`);
      expect(await statusesOnProtectedRoutes(send, token)).toEqual(allRefused);
    } finally {
      await app.close();
    }
  });

  it('stays off even when another service instance in the same process turns the emulator on', async () => {
    // An account that exists on the emulator for the real project: an emulator-mode check would accept it.
    const uid = await createAccountInProject(
      emulator.host,
      PROJECT,
      `same-process-${Date.now()}-${process.pid}@example.com`,
    );
    const real = realProjectApp();
    const sendReal = await listen(real);
    const emulated = buildApp({
      config: loadConfig({
        ...freshDatabaseEnv(),
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        LOG_LEVEL: 'silent',
      }),
      logger: false,
    });
    try {
      // auth_time after the account's creation, else the emulator's revocation check would refuse it anyway.
      const forged = unsignedToken(
        idTokenClaims(PROJECT, { uid, email: ADMIN.email }, { auth_time: nowInSeconds() + 1 }),
      );
      expect(await statusesOnProtectedRoutes(sendReal, forged)).toEqual(allRefused);
    } finally {
      await Promise.all([real.close(), emulated.close()]);
    }
  });
});

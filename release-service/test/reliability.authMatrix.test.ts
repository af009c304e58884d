/**
 * The release service's authorisation matrix (service-kit/testing's describeAuthMatrix): every
 * route × anonymous / operator / admin with real emulator tokens, then the tokens every protected
 * route refuses. A signed-in account in no release team is refused like a non-admin; an admin
 * passes the guards and meets the service's own answers: nothing is published or served in this
 * database, and the artifact store (port 9) cannot be reached.
 */
import { viewTokenFor } from 'shared-releases/view-token';
import { ADMIN_ONLY, describeAuthMatrix, type MatrixEntry, PUBLIC, SIGNED_IN } from 'service-kit/testing';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

const ROUTES: Record<string, MatrixEntry> = {
  'OPTIONS *': {
    url: '/api/releases/admin_console/staging',
    headers: {
      origin: 'http://localhost:3004',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
    expected: { anonymous: 204, operator: 204, admin: 204 },
  },
  'GET /api/health': { url: '/api/health', expected: PUBLIC },
  // The release registry: a signed-in account in no release team is refused
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
  // Any signed-in account may learn whether a version is referenced (docs/releasing.md).
  'GET /api/releases/:remote/versions/:version': {
    url: '/api/releases/admin_console/versions/v1',
    expected: SIGNED_IN,
  },
  // The canary chart's series, like the audit log: no canary has run here (404 for the admin).
  'GET /api/releases/:remote/:environment/canary/series': {
    url: '/api/releases/admin_console/staging/canary/series',
    expected: ADMIN_ONLY(404),
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
  // The canary's decisions and its steps' pause and resume: the same rights and answers.
  ...Object.fromEntries(
    ['promote', 'abort', 'pause', 'resume'].map((action) => [
      `POST /api/releases/:remote/:environment/canary/${action}`,
      {
        url: `/api/releases/admin_console/production/canary/${action}`,
        headers: { 'idempotency-key': `matrix-production-canary-${action}-${Date.now()}` },
        payload: () => ({ expectedCanary: 'v1' }),
        expected: ADMIN_ONLY(409),
      },
    ]),
  ),
  // Browsers' health reports: anonymous by design (their view token is no account); a bearer token
  // changes nothing (and is not checked).
  'POST /api/health': {
    url: '/api/health',
    payload: () => ({
      environment: 'production',
      token: viewTokenFor([{ remote: 'public_site', manifest: 'http://localhost:3002/mf-manifest.json' }]),
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

describeAuthMatrix({
  routes: ROUTES,
  build: (env) =>
    buildApp({
      config: loadConfig(Object.assign(env, { RELEASE_PUBLIC_URL: 'http://127.0.0.1:9/{workspace}' })),
      logger: false,
    }),
  refusals: {
    403: [
      'リリースの権限がありません。リリースチームのメンバーか管理者だけが利用できます。',
      'admin-console をリリースする権限がありません。admin-console チームのメンバーか管理者だけがリリースできます。',
    ],
  },
});

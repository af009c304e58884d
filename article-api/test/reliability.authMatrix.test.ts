/**
 * The article API's authorisation matrix (service-kit/testing's describeAuthMatrix): every route ×
 * anonymous / operator / admin with real emulator tokens, then the tokens every protected route refuses.
 */
import { ADMIN_ONLY, describeAuthMatrix, type MatrixEntry, PUBLIC, type Role, SIGNED_IN } from 'service-kit/testing';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { validInput } from './support/testApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

const uniqueSlug = (role: Role) => `matrix-${role}-${Date.now().toString(36)}`;

const ROUTES: Record<string, MatrixEntry> = {
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
};

describeAuthMatrix({
  routes: ROUTES,
  build: (env) => buildApp({ config: loadConfig(env), logger: false }),
  refusals: {
    403: ['管理者権限が必要です。'],
  },
});

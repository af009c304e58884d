/**
 * Generated hostile calls to the release registry's routes, each with the statuses it may get:
 * no token or a forged one (401), unknown remotes and environments (404), wrong types, unknown
 * keys, version ids that would leave their folder, bad commits (400), oversized bodies (413),
 * another content type (415), malformed JSON (400). The valid token is an admin's, so everything
 * but the token itself gets past authentication: nothing may be written all the same.
 */
import type { TestRequest } from './http';
import type { Prng } from './prng';
import { TOKENS } from './testApp';

export interface HostileReleaseRequest {
  label: string;
  request: TestRequest;
  expected: readonly number[];
}

const REMOTE = 'admin_console';
// A well-formed operation id: each hostile call is refused for what it aims at, never for the id.
const admin = { authorization: `Bearer ${TOKENS.admin}`, 'idempotency-key': 'hostile-operation-0001' };
const ACTIONS = ['', '/promote', '/rollback'] as const;

const BAD_VERSIONS: readonly unknown[] = [
  '../../etc',
  '..',
  '.hidden',
  'v1/../../x',
  'v1/x',
  'v1\\x',
  '%2e%2e',
  'v1%2f..',
  '',
  ' ',
  'v 1',
  'ばーじょん',
  'a'.repeat(65),
  'v1\u0000',
  'v1\n',
  '-v1',
  '_v1',
  42,
  0,
  true,
  null,
  [],
  ['v1'],
  { version: 'v1' },
];
const BAD_REMOTES = [
  'admin-console',
  'shell',
  '..',
  '%2e%2e',
  'ADMIN_CONSOLE',
  'admin_console.json',
  'x'.repeat(80),
  '__proto__',
  'constructor',
];
const BAD_ENVIRONMENTS = ['prod', 'Production', 'dev', '..', '%2e%2e', '__proto__', 'staging.', 'x'.repeat(80)];
const FORGED_TOKENS = [
  'Bearer x',
  'Bearer a.b.c',
  `Bearer ${TOKENS.admin}x`,
  'Bearer eyJhbGciOiJub25lIn0.e30.',
  'Basic YWRtaW46YWRtaW4=',
  'Bearer ',
];

const url = (remote: string, environment: string, action: string) => `/api/releases/${remote}/${environment}${action}`;

type Generator = (prng: Prng) => HostileReleaseRequest;

const generators: readonly Generator[] = [
  (prng) => {
    const action = prng.pick(ACTIONS);
    return {
      label: 'no token',
      request: { method: 'POST', url: url(REMOTE, 'production', action), payload: { version: 'v1' } },
      expected: [401],
    };
  },
  (prng) => ({
    label: 'missing or malformed operation id',
    request: {
      method: 'POST',
      url: url(REMOTE, 'production', prng.pick(ACTIONS)),
      headers: Object.assign({}, admin, {
        'idempotency-key': prng.pick(['', 'short', 'x'.repeat(129), 'with space in it 1234', '../../etc/passwd-1234']),
      }),
      payload: { version: 'v1' },
    },
    expected: [400],
  }),
  (prng) => ({
    label: 'forged token',
    request: {
      method: 'POST',
      url: url(REMOTE, prng.pick(['staging', 'production']), prng.pick(ACTIONS)),
      headers: { authorization: prng.pick(FORGED_TOKENS) },
      payload: { version: 'v1' },
    },
    expected: [401],
  }),
  (prng) => ({
    label: 'unknown remote',
    request: {
      method: 'POST',
      url: url(encodeURIComponent(prng.pick(BAD_REMOTES)), 'production', prng.pick(ACTIONS)),
      headers: admin,
      payload: { version: 'v1' },
    },
    // A name the router cannot take as one segment (.., %2e%2e) is a route that does not exist.
    expected: [404],
  }),
  (prng) => ({
    label: 'unknown environment',
    request: {
      method: 'POST',
      url: url(REMOTE, encodeURIComponent(prng.pick(BAD_ENVIRONMENTS)), prng.pick(ACTIONS)),
      headers: admin,
      payload: { version: 'v1' },
    },
    expected: [404],
  }),
  (prng) => ({
    label: 'hostile version id',
    request: {
      method: 'POST',
      url: url(REMOTE, 'production', prng.pick(['', '/promote'])),
      headers: admin,
      payload: { version: prng.pick(BAD_VERSIONS) },
    },
    expected: [400],
  }),
  (prng) => {
    // Raw JSON, so that a "__proto__" key reaches the service as sent.
    const extra = prng.pick([
      '"manifestUrl":"http://evil.example/m.json"',
      '"environment":"production"',
      '"remote":"shell"',
      '"teams":["admin-console"]',
      '"__proto__":{"admin":true}',
      '"constructor":{"prototype":{"admin":true}}',
    ]);
    return {
      label: 'unknown key',
      request: {
        method: 'POST',
        url: url(REMOTE, 'staging', prng.pick(['', '/promote', '/rollback'])),
        headers: Object.assign({ 'content-type': 'application/json' }, admin),
        payload: `{"version":"v1",${extra}}`,
      },
      expected: [400],
    };
  },
  (prng) => ({
    label: 'wrong body type',
    request: {
      method: 'POST',
      url: url(REMOTE, 'production', prng.pick(ACTIONS)),
      headers: Object.assign({ 'content-type': 'application/json' }, admin),
      payload: prng.pick(['[]', '"v1"', '42', 'null', 'true', '[{"version":"v1"}]']),
    },
    expected: [400],
  }),
  (prng) => ({
    label: 'bad source commit',
    request: {
      method: 'POST',
      url: url(REMOTE, 'production', ''),
      headers: admin,
      payload: {
        version: 'v1',
        sourceCommit: prng.pick(['HEAD', 'zzzzzzz', '123', 'a'.repeat(41), 7, ['abc1234'], '../../x']),
      },
    },
    expected: [400],
  }),
  (prng) => ({
    label: 'oversized body',
    request: {
      method: 'POST',
      url: url(REMOTE, 'production', prng.pick(ACTIONS)),
      headers: admin,
      payload: { version: 'v1', padding: 'x'.repeat(prng.int(1_100, 300_000)) },
    },
    expected: [413],
  }),
  (prng) => ({
    label: 'not JSON',
    request: {
      method: 'POST',
      url: url(REMOTE, 'production', prng.pick(ACTIONS)),
      headers: Object.assign({ 'content-type': prng.pick(['text/plain', 'application/x-www-form-urlencoded']) }, admin),
      payload: 'version=v1',
    },
    expected: [415],
  }),
  (prng) => ({
    label: 'malformed JSON',
    request: {
      method: 'POST',
      url: url(REMOTE, 'production', prng.pick(ACTIONS)),
      headers: Object.assign({ 'content-type': 'application/json' }, admin),
      payload: prng.pick(['{', '{"version":', "{'version':'v1'}", '{"version":"v1",}']),
    },
    expected: [400],
  }),
  (prng) => ({
    label: 'hostile audit query',
    request: {
      url: `/api/releases/audit?${prng.pick(['limit=-1', 'limit=100000', 'limit=abc', 'environment=prod', 'remote=..%2F..', 'remote=shell', 'extra=1', 'limit=1e3'])}`,
      headers: admin,
    },
    expected: [400, 404],
  }),
];

export function generateHostileReleaseRequests(prng: Prng, count: number): HostileReleaseRequest[] {
  return Array.from({ length: count }, () => prng.pick(generators)(prng));
}

/**
 * Generated forged and malformed health reports (POST /api/health), each with the statuses it may
 * get. Forged reports are valid in form and lie — a healthy canary's manifest with every view
 * failed, the live release's with none — and none carries a token that may count: another site's
 * page (403, whatever its token), a made-up token, one signed with a key the service does not
 * hold, a real one altered to name another release, one expired, a real page's token replayed
 * after its views were counted, or a real token of the live release claiming the canary (202,
 * counted: nothing). Malformed ones (400, 413, 415) all name public_site, which no release serves
 * in the tests' production — any of them counted would show as its deployed build's views.
 */
import { HEALTH_DEFAULTS, HEALTH_REPORT_LIMITS } from 'shared-releases';
import { viewTokenFor } from 'shared-releases/view-token';
import { consoleManifest, entry } from './canaryRequests';
import type { TestRequest } from 'service-kit/testing';
import type { Prng } from 'service-kit/testing';

export interface HostileHealthReport {
  label: string;
  request: TestRequest;
  expected: readonly number[];
}

const SITE = 'http://localhost:3002/mf-manifest.json';
const siteEntry = (views = 1) => entry('public_site', SITE, views);

const json = (body: unknown, type = 'application/json', headers: Record<string, string> = {}): TestRequest => ({
  method: 'POST',
  url: '/api/health',
  headers: Object.assign({ 'content-type': type }, headers),
  payload: JSON.stringify(body),
});

/** Page tokens whose views the service already counted (the flood's replays). */
export interface HostileContext {
  usedTokens: readonly string[];
}

const FOREIGN_ORIGINS = ['https://evil.example', 'http://localhost:3999', 'null', 'https://manabi.example.evil.test'];
const OTHER_KEY = 'a-key-the-service-does-not-hold-0123456789';
const canaryPage = () => [entry('admin_console', consoleManifest('v2'), 1)];
const livePage = () => [entry('admin_console', consoleManifest('v1'), 1)];

/** Tokens that must count for nothing, with the failing canary entries they come with. */
const FORGED_TOKENS: ReadonlyArray<(prng: Prng, context: HostileContext) => string> = [
  (prng) =>
    `${'A'.repeat(12)}.${Math.floor(Date.now() / 1000)}.${prng.int(0, 9999)}.admin_console:abcdefgh.${'B'.repeat(22)}`,
  (prng) => prng.pick(['x', 'null', '{}', 'a.b.c.d.e', 'A'.repeat(HEALTH_REPORT_LIMITS.maxEntries * 60)]),
  () => viewTokenFor(canaryPage(), { key: OTHER_KEY }),
  // A real live page's token with the canary's digest put in: the signature no longer holds.
  () =>
    viewTokenFor(livePage()).replace(
      /admin_console:[\w-]{8}/,
      viewTokenFor(canaryPage()).match(/admin_console:[\w-]{8}/)![0],
    ),
  (prng) =>
    viewTokenFor(canaryPage(), {
      nowMs: Date.now() - HEALTH_DEFAULTS.tokenTtlSeconds * 1000 - prng.int(1_000, 86_400_000),
    }),
  (prng) => viewTokenFor(canaryPage(), { nowMs: Date.now() + prng.int(120_000, 86_400_000) }),
  (prng, { usedTokens }) => prng.pick(usedTokens),
];
const TYPES = ['application/json', 'text/plain;charset=UTF-8', 'text/plain'] as const;

/** Entries that break one rule each (the schema's or the limits'). */
const BAD_ENTRIES: ReadonlyArray<(prng: Prng) => unknown> = [
  () => Object.assign(siteEntry(), { views: 0 }),
  (prng) => Object.assign(siteEntry(), { views: prng.int(HEALTH_REPORT_LIMITS.maxCount + 1, 1e9) }),
  (prng) => Object.assign(siteEntry(), { views: -prng.int(1, 100) }),
  () => Object.assign(siteEntry(), { views: 1.5 }),
  () => Object.assign(siteEntry(), { views: '3' }),
  () => Object.assign(siteEntry(), { views: null }),
  () => Object.assign(siteEntry(), { loadFailures: 1, renderCrashes: 1 }),
  () => Object.assign(siteEntry(3), { hydrationErrors: 4 }),
  (prng) =>
    Object.assign(siteEntry(), { remote: prng.pick(['PUBLIC_SITE', 'public-site', '../x', 'a'.repeat(41), '', 7]) }),
  (prng) =>
    Object.assign(siteEntry(), {
      manifest: prng.pick(['javascript:alert(1)', 'ftp://x/m.json', '/mf-manifest.json', 'http://', 'http://a b', 42]),
    }),
  () => Object.assign(siteEntry(), { manifest: `http://x.test/${'m'.repeat(HEALTH_REPORT_LIMITS.maxManifestLength)}` }),
  (prng) => Object.assign(siteEntry(), { [prng.pick(['page', 'ip', 'userAgent', 'uid', 'email'])]: 'x' }),
  () => {
    const { views: _views, ...rest } = siteEntry();
    return rest;
  },
  () => [siteEntry()],
  () => 'public_site',
];

const generators: ReadonlyArray<(prng: Prng, context: HostileContext) => HostileHealthReport> = [
  (prng, context) => ({
    label: 'forged: every canary view failed, with a token that may not count',
    request: json(
      {
        environment: 'production',
        token: prng.pick(FORGED_TOKENS)(prng, context),
        entries: [
          entry('admin_console', consoleManifest('v2'), 20, {
            [prng.pick(['loadFailures', 'renderCrashes', 'hydrationErrors'])]: 20,
          }),
        ],
      },
      prng.pick(TYPES),
    ),
    expected: [202],
  }),
  (prng) => ({
    label: 'forged: a real live page’s token, claiming the canary failed',
    request: json(
      {
        environment: 'production',
        token: viewTokenFor(livePage()),
        entries: [entry('admin_console', consoleManifest('v2'), prng.int(1, 20), { loadFailures: 1 })],
      },
      prng.pick(TYPES),
    ),
    expected: [202],
  }),
  (prng) => ({
    label: 'another site’s page, with a real canary token',
    request: json(
      {
        environment: 'production',
        token: viewTokenFor(canaryPage()),
        entries: [entry('admin_console', consoleManifest('v2'), 3, { renderCrashes: 3 })],
      },
      prng.pick(TYPES),
      { origin: prng.pick(FOREIGN_ORIGINS) },
    ),
    expected: [403],
  }),
  (prng) => ({
    label: 'malformed entry',
    request: json(
      { environment: 'production', entries: [siteEntry(), prng.pick(BAD_ENTRIES)(prng)] },
      prng.pick(TYPES),
    ),
    expected: [400],
  }),
  (prng) => ({
    label: 'malformed report',
    request: json(
      prng.pick<unknown>([
        { environment: prng.pick(['prod', 'PRODUCTION', '', null, 1]), entries: [siteEntry()] },
        { environment: 'production', entries: [] },
        {
          environment: 'production',
          entries: Array.from({ length: HEALTH_REPORT_LIMITS.maxEntries + 1 }, () => siteEntry()),
        },
        { environment: 'production', entries: siteEntry() },
        { environment: 'production' },
        { entries: [siteEntry()] },
        { environment: 'production', entries: [siteEntry()], at: Date.now() },
        [{ environment: 'production', entries: [siteEntry()] }],
        null,
        42,
        'production',
      ]),
      prng.pick(TYPES),
    ),
    expected: [400],
  }),
  (prng) => ({
    label: 'prototype keys',
    request: {
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': prng.pick(TYPES) },
      payload: prng.pick([
        `{"environment":"production","entries":[${JSON.stringify(siteEntry())}],"__proto__":{"accepted":1}}`,
        `{"environment":"production","entries":[{"__proto__":{"views":1},"remote":"public_site","manifest":"${SITE}"}]}`,
        `{"environment":"production","constructor":{"prototype":{"x":1}},"entries":[${JSON.stringify(siteEntry())}]}`,
      ]),
    },
    expected: [400],
  }),
  (prng) => ({
    label: 'not JSON',
    request: {
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': prng.pick(TYPES) },
      payload: prng.pick(['', '{', '{"environment":', "{'environment':'production'}", 'views=1', '\u0000', '[1,]']),
    },
    expected: [400],
  }),
  (prng) => ({
    label: 'oversized',
    request: json(
      {
        environment: 'production',
        entries: [siteEntry()],
        padding: 'x'.repeat(prng.int(HEALTH_REPORT_LIMITS.maxBytes, 100_000)),
      },
      prng.pick(TYPES),
    ),
    expected: [413],
  }),
  (prng) => ({
    label: 'another content type',
    request: json(
      { environment: 'production', entries: [siteEntry()] },
      prng.pick([
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'text/html',
        'application/xml',
      ]),
    ),
    expected: [415],
  }),
];

/**
 * The next hostile report each call, made when it is sent: a token's times are relative to the
 * moment it is made, so one made up front for a flood that then runs for minutes on a slow machine
 * would drift — a token "2 minutes ahead" would be inside the 60 s allowance by the time it is
 * sent, and rightly count (a fresh-clone run saw that once in 10,000).
 */
export function hostileHealthReports(prng: Prng, context: HostileContext): () => HostileHealthReport {
  return () => prng.pick(generators)(prng, context);
}

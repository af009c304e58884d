/**
 * View tokens (docs/canary-releases.md, "Who can report"): the web server signs one into every
 * page it serves, naming the releases that page was served (a digest of each remote's manifest
 * URL), the visitor's bucket and the time; the release service counts a health report only with
 * one. HMAC-SHA-256 with a key the web servers and the release service share (node:crypto only:
 * the browser never reads a token, it passes it on). Not exported from the package's index, so no
 * browser bundle pulls node:crypto in.
 *
 * Format, all of it URL- and attribute-safe ASCII (≈ 90 bytes with one remote):
 *   `<id>.<issued s>.<bucket or ''>.<remote>:<digest>,….<mac>`
 * id: 9 random bytes (base64url), the key per-token counting is kept under; digest: the first 6
 * bytes of SHA-256 of the manifest URL; mac: the first 16 bytes of the HMAC of everything before it.
 */
import crypto from 'node:crypto';
import { VIEW_TOKEN_MAX_LENGTH } from './canary';

export const VIEW_TOKEN_LIMITS = {
  /** longest token a report may carry (a handful of remotes fit many times over) */
  maxLength: VIEW_TOKEN_MAX_LENGTH,
  /** shortest key accepted: 32 characters (HEALTH_TOKEN_KEYS, VIEW_TOKEN_KEYS) */
  minKeyLength: 32,
} as const;

/**
 * The key both sides use when none is configured outside production (npm start, the tests): not a
 * secret, which is why production refuses to start without keys of its own.
 */
export const DEVELOPMENT_VIEW_TOKEN_KEY = 'development-only-view-token-key-not-secret';

const digestOf = (manifest: string) => crypto.createHash('sha256').update(manifest).digest('base64url').slice(0, 8);
const macOf = (key: string, body: string) =>
  crypto.createHmac('sha256', key).update(body).digest('base64url').slice(0, 22);

/** A registry's part of a token (`remote:digest,…`): one per registry object, so memoise it. */
export const releasesPart = (registry: Readonly<Record<string, string>>): string =>
  Object.entries(registry)
    .map(([remote, manifest]) => `${remote}:${digestOf(manifest)}`)
    .join(',');

/** A new token signed with `key` (the first of the configured keys). */
export function signViewToken(key: string, releases: string, bucket: number | null, nowMs: number): string {
  const body = `${crypto.randomBytes(9).toString('base64url')}.${Math.floor(nowMs / 1000)}.${bucket ?? ''}.${releases}`;
  return `${body}.${macOf(key, body)}`;
}

export interface ViewToken {
  id: string;
  issuedMs: number;
  bucket: number | null;
  /** remote → digest of the manifest URL it was served */
  releases: Map<string, string>;
}

const TOKEN = /^([\w-]{12})\.(\d{1,12})\.(\d{0,5})\.([a-z_]{1,40}:[\w-]{8}(?:,[a-z_]{1,40}:[\w-]{8})*)\.([\w-]{22})$/;

/**
 * The token when one of `keys` signed it and it was issued from `ttlMs` ago to `skewMs` ahead of
 * `nowMs` (the web servers' clocks may run a little ahead); null otherwise. Every key verifies,
 * so a new key is rolled out (added second, then moved first, the old one dropped after a TTL)
 * without a page's token going bad.
 */
export function verifyViewToken(
  keys: readonly string[],
  token: string,
  nowMs: number,
  { ttlMs, skewMs = 60_000 }: { ttlMs: number; skewMs?: number },
): ViewToken | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, id, issued, bucket, releases, mac] = match as unknown as [string, string, string, string, string, string];
  const body = token.slice(0, token.length - mac.length - 1);
  const given = Buffer.from(mac);
  const signed = keys.some((key) => crypto.timingSafeEqual(Buffer.from(macOf(key, body)), given));
  if (!signed) return null;
  const issuedMs = Number(issued) * 1000;
  if (issuedMs < nowMs - ttlMs || issuedMs > nowMs + skewMs) return null;
  return {
    id,
    issuedMs,
    bucket: bucket === '' ? null : Number(bucket),
    releases: new Map(releases.split(',').map((pair) => pair.split(':') as [string, string])),
  };
}

/** Whether a token names `manifest` as what it served of `remote`. */
export const servedBy = (token: ViewToken, remote: string, manifest: string): boolean =>
  token.releases.get(remote) === digestOf(manifest);

/**
 * The keys from a comma-separated setting (the first signs, all verify), or the problem to report:
 * `name` is the setting's name. Unset: the development key, refused in production.
 */
export function viewTokenKeysOf(
  name: string,
  value: string | undefined,
  production: boolean,
): { keys: string[] } | { problem: string } {
  const keys = (value ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  if (keys.length === 0) {
    return production
      ? { problem: `${name} is required with NODE_ENV=production (comma-separated keys shared with the other side)` }
      : { keys: [DEVELOPMENT_VIEW_TOKEN_KEY] };
  }
  const short = keys.filter((key) => key.length < VIEW_TOKEN_LIMITS.minKeyLength).length;
  if (short > 0) {
    return {
      problem: `${name}: each key must be at least ${VIEW_TOKEN_LIMITS.minKeyLength} characters (${short} shorter)`,
    };
  }
  if (production && keys.includes(DEVELOPMENT_VIEW_TOKEN_KEY)) {
    return { problem: `${name}: the development key is refused with NODE_ENV=production` };
  }
  return { keys };
}

/**
 * A token as the web server signs it for a page served these entries' manifests (tests, the bench,
 * tools that stand in for a browser): one manifest per remote, the last one named winning.
 */
export const viewTokenFor = (
  entries: ReadonlyArray<{ remote: string; manifest: string }>,
  { key = DEVELOPMENT_VIEW_TOKEN_KEY, nowMs = Date.now(), bucket = null as number | null } = {},
): string =>
  signViewToken(
    key,
    releasesPart(Object.fromEntries(entries.map((entry) => [entry.remote, entry.manifest]))),
    bucket,
    nowMs,
  );

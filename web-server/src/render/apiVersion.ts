// The article API's change version as this server sees it: a conditional GET of the public list
// (304 while nothing changed), asked when a page is requested and the last answer is older than
// `maxAgeMs`; concurrent requests share one question. Server-rendered pages are cached against
// it, so an admin's edit is in the very next page any shell-server instance serves, while a busy
// server asks the API at most a few times a second.
import crypto from 'node:crypto';

export interface ApiVersionWatch {
  /** The version, asked anew when the last answer is older than `maxAgeMs`. */
  current(): Promise<string>;
}

/** @param apiBaseUrl  e.g. http://127.0.0.1:3001/api */
export function watchApiVersion(
  apiBaseUrl: string,
  {
    maxAgeMs = 100,
    timeoutMs = 1000,
    fetchImpl = fetch,
    now = Date.now,
  }: { maxAgeMs?: number; timeoutMs?: number; fetchImpl?: typeof fetch; now?: () => number } = {},
): ApiVersionWatch {
  let version = 'unknown';
  let etag: string | null = null;
  let checkedAt = -Infinity;
  let pending: Promise<void> | null = null;

  const check = async () => {
    try {
      const response = await fetchImpl(`${apiBaseUrl}/articles`, {
        headers: etag ? { 'If-None-Match': etag } : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 304) return;
      if (!response.ok) {
        version = `http-${response.status}`;
        etag = null;
        return;
      }
      const body = await response.text();
      etag = response.headers.get('etag');
      // Without an ETag the list itself is the version.
      version = etag ?? crypto.createHash('sha1').update(body).digest('base64url');
    } catch {
      // Unreachable: pages render from the snapshot until it answers again.
      version = 'unreachable';
      etag = null;
    } finally {
      checkedAt = now();
    }
  };

  return {
    async current() {
      if (now() - checkedAt <= maxAgeMs) return version;
      pending ??= check().finally(() => {
        pending = null;
      });
      await pending;
      return version;
    },
  };
}

/** A version the API itself gave (not "unknown", "unreachable" or an error status): answers can be shared under it. */
export const isServiceVersion = (version: string): boolean => !/^(unknown|unreachable|http-\d+)$/.test(version);

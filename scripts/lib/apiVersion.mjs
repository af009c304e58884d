// The article API's change version as this server last saw it: a conditional GET of the public
// list every second (304 while nothing changed). Server-rendered pages are cached against it, so
// an admin's edit reaches the HTML of every shell-server instance within about a second.
import crypto from 'node:crypto';

/**
 * @param {string} apiBaseUrl  e.g. http://127.0.0.1:3001/api
 * @param {{ intervalMs?: number, fetchImpl?: typeof fetch }} [options]
 */
export function watchApiVersion(apiBaseUrl, { intervalMs = 1000, fetchImpl = fetch } = {}) {
  let version = 'unknown';
  let etag = null;
  let timer = null;

  const poll = async () => {
    try {
      const response = await fetchImpl(`${apiBaseUrl}/articles`, {
        headers: etag ? { 'If-None-Match': etag } : {},
        signal: AbortSignal.timeout(2000),
      });
      if (response.status === 304) return;
      if (!response.ok) {
        version = `http-${response.status}`;
        // Forget the ETag: when the API is back with the same list, a 304 would keep this version.
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
    }
  };

  let first = null;
  return {
    /** Resolves once the first answer (or failure) is in. */
    ready: () =>
      (first ??= poll().then(() => {
        timer = setInterval(poll, intervalMs);
        timer.unref();
      })),
    current: () => version,
    stop: () => clearInterval(timer),
  };
}

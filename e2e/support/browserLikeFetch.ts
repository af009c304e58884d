/**
 * `fetch` for a test's GETs of the web servers, retrying once where a browser would. Node's HTTP
 * server closes a kept-alive connection after 5 s idle; undici (Node's fetch) stops reusing one
 * after 4 s, but on a machine whose cores the suite keeps busy its timer can run late, and the next
 * request then goes out on a connection the server has just closed: "fetch failed", caused by
 * "other side closed" (seen in fresh-clone runs of the canary tests) or, when the request's bytes
 * reach the closed socket first, by a reset or a broken pipe. A browser sends such a request again
 * on a new connection (Chromium's HttpNetworkTransaction resends on a reused socket's reset or
 * close); so does this, once, and only for those causes. Any other failure is thrown with its
 * cause in the message, which "fetch failed" alone does not say.
 */
const CLOSED_BEFORE_ANSWER = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']); // UND_ERR_SOCKET: "other side closed"

const causeOf = (error: unknown) => (error as { cause?: { code?: string; message?: string } }).cause;

export async function browserLikeFetch(url: string, init: RequestInit = {}): Promise<Response> {
  if ((init.method ?? 'GET') !== 'GET') throw new Error('browserLikeFetch: GET only (a retry must be harmless)');
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = causeOf(error);
    if (!CLOSED_BEFORE_ANSWER.has(cause?.code ?? '')) {
      throw new Error(`GET ${url}: ${String(error)} (${cause?.code ?? 'no code'}: ${cause?.message ?? 'no cause'})`, {
        cause: error,
      });
    }
    return fetch(url, init);
  }
}

/**
 * `fetch` for a test's GETs of the web servers, retrying once where a browser would. Node's HTTP
 * server closes a kept-alive connection after 5 s idle; undici (Node's fetch) stops reusing one
 * after 4 s, but on a machine whose cores the suite keeps busy its timer can run late, and the next
 * request then goes out on a connection the server has just closed: "fetch failed", caused by
 * "other side closed" (seen in fresh-clone runs of the canary tests). A browser sends such a
 * request again on a new connection; so does this, once, and only for that cause.
 */
const closedBeforeAnswer = (error: unknown): boolean =>
  (error as { cause?: { code?: string } }).cause?.code === 'UND_ERR_SOCKET'; // undici's "other side closed"

export async function browserLikeFetch(url: string, init: RequestInit = {}): Promise<Response> {
  if ((init.method ?? 'GET') !== 'GET') throw new Error('browserLikeFetch: GET only (a retry must be harmless)');
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!closedBeforeAnswer(error)) throw error;
    return fetch(url, init);
  }
}

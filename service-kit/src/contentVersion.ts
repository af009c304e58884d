/**
 * Conditional GETs on the content version (db/storage.ts): every public read answers an ETag and
 * X-Content-Version made from it, and a client (a browser, a CDN, the server-rendering cache)
 * holding the current version gets a 304 without the service reading a single article.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const etagOf = (version: string) => `"${version}"`;

/** RFC 9110 If-None-Match: weak comparison, a list of tags or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sets the version headers. `no-cache`: caches may store the answer but must revalidate it, which
 * the ETag makes a cheap 304.
 */
export function sendVersionHeaders(reply: FastifyReply, version: string): FastifyReply {
  return reply.header('etag', etagOf(version)).header('x-content-version', version).header('cache-control', 'no-cache');
}

/** True (and the 304 sent) when the request's If-None-Match names this version. */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, version: string): boolean {
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etagOf(version))) return false;
  void sendVersionHeaders(reply, version).code(304).send();
  return true;
}

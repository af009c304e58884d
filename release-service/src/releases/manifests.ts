/**
 * Reads an mf-manifest.json over HTTP for the gate: from the artifact store (a release) or from an
 * environment's shell. The URLs come from configuration and validated version ids, never from a
 * request; redirects are refused and the size is capped, so a misconfigured store cannot make the
 * service fetch elsewhere or buffer without end.
 *
 * The cap counts DECOMPRESSED bytes as they stream: fetch inflates a gzip/brotli-encoded answer
 * transparently, so Content-Length (the compressed size) says nothing of what would be buffered. A
 * few kilobytes of gzip can inflate to gigabytes; the read stops (and the connection is dropped) as
 * soon as the inflated bytes pass the cap.
 */
import type { FederationManifest } from 'shared-releases/gate';

export type FetchManifest = (url: string) => Promise<FederationManifest>;

export const MAX_MANIFEST_BYTES = 2 * 1024 * 1024;

const TOO_LARGE = `展開後のサイズが上限 ${MAX_MANIFEST_BYTES / 1024 / 1024} MB を超えたため読み込みを中止しました`;

export class ManifestUnavailableError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
    /** 404: the folder is not published; anything else: the store or shell could not be read. */
    readonly notFound: boolean,
  ) {
    super(`${url}: ${reason}`);
    this.name = 'ManifestUnavailableError';
  }
}

/** The body as text, or null once more than `max` (decompressed) bytes arrived; the rest is never read. */
export async function readCapped(body: ReadableStream<Uint8Array> | null, max: number): Promise<string | null> {
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      // Cancelling aborts the response: undici stops inflating and closes the connection.
      await reader.cancel().catch(() => undefined);
      return null;
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

export function createManifestFetcher({
  timeoutMs = 10_000,
  maxBytes = MAX_MANIFEST_BYTES,
}: { timeoutMs?: number; maxBytes?: number } = {}): FetchManifest {
  return async (url) => {
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new ManifestUnavailableError(url, (error as Error).message, false);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ManifestUnavailableError(url, `HTTP ${response.status}`, response.status === 404);
    }
    // Already over the cap compressed (or unencoded): refused before a byte is read.
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > maxBytes) {
      await response.body?.cancel();
      throw new ManifestUnavailableError(url, TOO_LARGE, false);
    }
    let text: string | null;
    try {
      text = await readCapped(response.body, maxBytes);
    } catch (error) {
      throw new ManifestUnavailableError(url, (error as Error).message, false);
    }
    if (text === null) throw new ManifestUnavailableError(url, TOO_LARGE, false);
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      return parsed as FederationManifest;
    } catch (error) {
      throw new ManifestUnavailableError(url, `JSON のマニフェストではありません (${(error as Error).message})`, false);
    }
  };
}

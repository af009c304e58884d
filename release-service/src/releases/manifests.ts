/**
 * Reads an mf-manifest.json over HTTP for the gate: from the artifact store (a release) or from an
 * environment's shell. The URLs come from configuration and validated version ids, never from a
 * request; redirects are refused and the size is capped, so a misconfigured store cannot make the
 * service fetch elsewhere or buffer without end.
 */
import type { FederationManifest } from 'shared-releases/gate';

export type FetchManifest = (url: string) => Promise<FederationManifest>;

const MAX_MANIFEST_BYTES = 2 * 1024 * 1024;

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

export function createManifestFetcher({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}): FetchManifest {
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
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_MANIFEST_BYTES) {
      await response.body?.cancel();
      throw new ManifestUnavailableError(url, 'too large', false);
    }
    const text = await response.text();
    if (text.length > MAX_MANIFEST_BYTES) throw new ManifestUnavailableError(url, 'too large', false);
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      return parsed as FederationManifest;
    } catch (error) {
      throw new ManifestUnavailableError(url, `not a manifest (${(error as Error).message})`, false);
    }
  };
}

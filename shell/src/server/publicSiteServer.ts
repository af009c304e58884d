import type { ComponentType } from 'react';
import { createReleaseRuntime, type ReleaseRuntime } from './releaseRuntime';

/** What public-site's server build exposes as `./server` (public-site/src/server.tsx). */
export interface PublicSiteServer {
  prepare(request: { url: string; apiBaseUrl: string; apiVersion?: string }): Promise<{
    build: string;
    Page: ComponentType;
    embeddedState: { elementId: string; value: unknown };
    /** The article service failed and the snapshot stood in (absent from releases before it was told). */
    degraded?: boolean;
  }>;
}

/**
 * Releases kept loaded at once: during a canary the live one and the canary (visitors alternate
 * between them), and one more, the release a promotion, an abort or a flip has just replaced (its
 * pages may still be rendering). A fourth one lets go of the least recently used.
 */
export const RELEASES_KEPT = 3;

interface LoadedRelease {
  runtime: ReleaseRuntime;
  module: Promise<PublicSiteServer>;
}

/**
 * The modules of the releases the registry names, each loaded once (one manifest URL is one
 * release), least recently used first: asked of the federation runtime on every page, a module
 * took about a fifteenth of a lone render.
 */
const releases = new Map<string, LoadedRelease>();

async function loadModule(runtime: ReleaseRuntime): Promise<PublicSiteServer> {
  const module = await runtime.load<PublicSiteServer>('server');
  if (typeof module?.prepare !== 'function') throw new Error('public_site/server has no prepare()');
  return module;
}

/** Forgets a release and, once its load has settled (a load cut short would leave records behind), lets go of it. */
function evict(manifestUrl: string, release: LoadedRelease) {
  if (releases.get(manifestUrl) === release) releases.delete(manifestUrl);
  const dispose = () => release.runtime.dispose();
  release.module.then(dispose, dispose);
}

/**
 * public-site's server module from the release at `manifestUrl` (the manifest announces the server
 * build, `metaData.ssrRemoteEntry`). A new URL (a redeploy, a canary) is loaded beside the others on
 * its first request, without restarting this server; going back to a URL still kept costs nothing.
 */
export function loadPublicSiteServer(manifestUrl: string): Promise<PublicSiteServer> {
  const known = releases.get(manifestUrl);
  if (known) {
    // Most recently used last: the Map keeps insertion order.
    releases.delete(manifestUrl);
    releases.set(manifestUrl, known);
    return known.module;
  }
  const runtime = createReleaseRuntime(manifestUrl);
  const release: LoadedRelease = { runtime, module: loadModule(runtime) };
  releases.set(manifestUrl, release);
  // Only a load that failed is let go of (the next request loads the release afresh: the runtime
  // keeps no broken entry). One that outlasts a page's deadline goes on and serves the next pages:
  // on a busy machine a load can take longer than any one page may wait, every time.
  release.module.catch(() => evict(manifestUrl, release));
  for (const [url, older] of releases) {
    if (releases.size <= RELEASES_KEPT) break;
    evict(url, older);
  }
  return release.module;
}

/** Lets go of a release (without a URL, of every release): its next request loads it afresh. */
export function forgetPublicSiteServer(manifestUrl?: string): void {
  for (const [url, release] of [...releases]) if (manifestUrl === undefined || url === manifestUrl) evict(url, release);
}

/** The manifest URLs of the releases loaded now, least recently used first (tests, diagnostics). */
export const loadedPublicSiteReleases = (): string[] => [...releases.keys()];

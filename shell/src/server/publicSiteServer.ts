import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

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
 * The module of the release the registry names, loaded once (one manifest URL is one release):
 * asked of the federation runtime on every page, it took about a fifteenth of a lone render.
 */
let loaded: { manifestUrl: string; module: Promise<PublicSiteServer> } | null = null;
let everRegistered = false;

async function loadModule(): Promise<PublicSiteServer> {
  const module = await loadRemote<PublicSiteServer>('public_site/server');
  if (typeof module?.prepare !== 'function') throw new Error('public_site/server has no prepare()');
  return module;
}

/**
 * public-site's server module, from the manifest URL the registry names right now. The manifest
 * announces the server build (`metaData.ssrRemoteEntry`); a new URL (a redeploy) replaces the
 * loaded remote on the next request, without restarting this server.
 */
export function loadPublicSiteServer(manifestUrl: string): Promise<PublicSiteServer> {
  if (loaded?.manifestUrl !== manifestUrl) {
    // force: the runtime drops the previous entry, its modules and any failed load of it.
    registerRemotes([{ name: 'public_site', entry: manifestUrl }], { force: everRegistered });
    everRegistered = true;
    loaded = { manifestUrl, module: loadModule() };
  }
  return loaded.module;
}

/** After a failure the next request registers the remote afresh (the runtime keeps no broken entry). */
export function forgetPublicSiteServer(): void {
  loaded = null;
}

// The shell's server from its configuration: files, pages (server-rendered where the renderer
// renders them), /mf-remotes.json and /app-config.json, the CSP, the feeds, /healthz. The same
// function serves production (main.ts, from a validated WebServerConfig) and the dev stack
// (scripts/lib/stack.mjs, with the local configuration it builds).
import type { IncomingMessage } from 'node:http';
import type { WebServerConfig } from './config';
import { noncedPolicies, remoteContentSecurityPolicy } from './csp';
import type { Registry } from './registry';
import { createRegistryFeed } from './registryFeed';
import { createServerRenderer } from './serverRendering';
import { createStaticServer, type StaticServer } from './staticServer';

/** Paths the shell renders itself or behind sign-in; every other page is public-site's. */
const NON_PUBLIC = /^\/(business|admin|profile|not-found)(\/|$)/;

/**
 * On a public page the shell's HTML starts fetching public-site's manifest and entry at once,
 * in parallel with the shell's own scripts (the registry names the manifest; the entry sits
 * beside it).
 */
export function publicRemotePreloads(registry: Registry, pathname: string): string {
  const manifest = registry.public_site;
  if (!manifest || NON_PUBLIC.test(pathname)) return '';
  const entry = new URL('remoteEntry.js', manifest).href;
  return `<link rel="preload" href="${manifest}" as="fetch" crossorigin="anonymous"><link rel="preload" href="${entry}" as="script">`;
}

/** Every page names the articles feed (feed readers find it from any page). */
const FEED_LINK = '<link rel="alternate" type="application/rss+xml" title="AIまなび" href="/feed.xml">';

export interface ShellServerOverrides {
  /** The registry per request instead of config.remotes and the registry service's lines (tests). */
  registry?: () => Registry;
  log?: (message: string, error?: unknown) => void;
}

export function createShellServer(config: WebServerConfig, overrides: ShellServerOverrides = {}): StaticServer {
  const { log = console.error } = overrides;
  const feed =
    !overrides.registry && config.registryUrl
      ? createRegistryFeed({
          url: config.registryUrl,
          base: config.remotes,
          refreshMs: config.registryRefreshMs,
          log,
        })
      : null;
  const registry = overrides.registry ?? feed?.current ?? (() => config.remotes);
  const policyFor = noncedPolicies(config.runtime);
  const serverRenderer = config.serverRendering
    ? createServerRenderer({
        shellDist: config.shellDist,
        registry,
        config: config.runtime,
        apiBaseUrl: config.serverApiUrl,
        siteOrigin: config.siteOrigin,
        threads: config.renderThreads,
        pageCache: config.pageCache,
        log,
      })
    : null;
  const server = createStaticServer({
    root: config.shellDist,
    port: config.port,
    host: config.host,
    jsonFiles: { '/mf-remotes.json': registry, '/app-config.json': config.runtime },
    headTags: (pathname) => FEED_LINK + publicRemotePreloads(registry(), pathname),
    serverRenderer,
    contentSecurityPolicy: (req, nonce) =>
      policyFor({ registry: registry(), hostname: hostnameForPolicy(req, config.siteOrigin), nonce }),
    health: true,
    log,
  });
  if (!feed) return server;
  // The registry is read before the first page is served, and no longer once the server stops.
  return Object.assign({}, server, {
    listen: async () => {
      await feed.start();
      return server.listen();
    },
    close: async () => {
      feed.stop();
      await server.close();
    },
    drain: async (timeoutMs: number) => {
      feed.stop();
      await server.drain(timeoutMs);
    },
  });
}

/**
 * The hostname the CSP's local defaults (API and emulator on the page's host) follow: the
 * request's on a loopback site (localhost and 127.0.0.1 are different origins to a browser),
 * the configured site's anywhere else.
 */
function hostnameForPolicy(req: IncomingMessage, siteOrigin: string): string {
  const site = new URL(siteOrigin).hostname;
  if (site !== 'localhost' && site !== '127.0.0.1') return site;
  const requested = (req.headers.host ?? '').replace(/:\d+$/, '');
  return requested === 'localhost' || requested === '127.0.0.1' ? requested : site;
}

/** A remote's build (and its release store's folders under /releases/), for the shell to load cross-origin. */
export function createRemoteServer({
  root,
  port,
  host,
  releasesDir,
  log,
}: {
  root: string;
  port: number;
  host?: string;
  releasesDir?: string;
  log?: (message: string, error?: unknown) => void;
}): StaticServer {
  return createStaticServer({
    root,
    port,
    host,
    cors: true,
    releases: releasesDir ? { prefix: '/releases/', dir: releasesDir } : undefined,
    contentSecurityPolicy: () => remoteContentSecurityPolicy(),
    log,
  });
}

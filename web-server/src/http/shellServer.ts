// The shell's server from its configuration: files, pages (server-rendered where the renderer
// renders them), /mf-remotes.json and /app-config.json, the CSP, the feeds, /healthz. The same
// function serves production (main.ts, from a validated WebServerConfig) and the dev stack
// (tooling/stack/stack.mjs, with the local configuration it builds).
import type { IncomingMessage } from 'node:http';
import type { WebServerConfig } from '../config/config';
import { noncedPolicies, remoteContentSecurityPolicy } from '../config/csp';
import type { Registry, RegistryState } from '../releases/registry';
import { createRegistryFeed } from '../releases/registryFeed';
import { createServerRenderer } from '../render/serverRendering';
import { createStaticServer, type StaticServer } from './staticServer';
import { createVisitorReleases, type Visit } from '../releases/visitorReleases';
import { createViewTokens } from '../releases/viewTokens';
import { DEVELOPMENT_VIEW_TOKEN_KEY } from 'shared-releases/view-token';

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
  /** Lines and canaries per request instead of the registry service's (tests; takes precedence). */
  registryState?: () => RegistryState;
  log?: (message: string, error?: unknown) => void;
}

/** Lines without canaries as a state: the same object while the lines are the same object. */
function withoutCanaries(lines: () => Registry): () => RegistryState {
  let last: RegistryState | null = null;
  return () => {
    const current = lines();
    if (last?.lines !== current) last = { lines: current, canaries: {} };
    return last;
  };
}

export function createShellServer(config: WebServerConfig, overrides: ShellServerOverrides = {}): StaticServer {
  const { log = console.error } = overrides;
  const fixed = overrides.registryState ?? (overrides.registry && withoutCanaries(overrides.registry));
  const feed =
    !fixed && config.registryUrl
      ? createRegistryFeed({
          url: config.registryUrl,
          base: config.remotes,
          refreshMs: config.registryRefreshMs,
          log,
        })
      : null;
  const registryState = fixed ?? feed?.state ?? withoutCanaries(() => config.remotes);
  // A visitor's bucket and the registry it gives (visitorReleases.ts): pages, their preloads and
  // CSP, the server render and /mf-remotes.json all follow it.
  const visitors = createVisitorReleases({
    state: registryState,
    secure: new URL(config.siteOrigin).protocol === 'https:',
  });
  const policyFor = noncedPolicies(config.runtime);
  const serverRenderer = config.serverRendering
    ? createServerRenderer({
        shellDist: config.shellDist,
        registry: () => registryState().lines,
        releasesInService: registryState,
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
    // Per visitor: a request without a bucket cookie gets the live lines (and no cookie).
    jsonFiles: { '/mf-remotes.json': (visit: Visit) => visit.registry, '/app-config.json': config.runtime },
    visit: visitors.visit,
    headTags: (pathname, registry) => FEED_LINK + publicRemotePreloads(registry, pathname),
    serverRenderer,
    viewToken: createViewTokens(config.viewTokenKeys ?? [DEVELOPMENT_VIEW_TOKEN_KEY]),
    contentSecurityPolicy: (req, nonce, registry, scriptHashes) =>
      policyFor({ registry, hostname: hostnameForPolicy(req, config.siteOrigin), nonce, scriptHashes }),
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

// The web server as a library: what the hosting preparation, the end-to-end tests and the
// benchmark use. The production command is main.ts; the dev stack's servers are web-server/dev.
export { assemblePage, themeFromCookie } from './render/assemblePage';
export { ConfigError, configFromEnvironment, isLoopback, type WebServerConfig } from './config/config';
export { contentSecurityPolicy, noncedPolicies, remoteContentSecurityPolicy } from './config/csp';
export {
  validCanaries,
  validRegistryLines,
  REMOTE_NAMES,
  type Canaries,
  type Registry,
  type RegistryState,
} from './releases/registry';
export { createRegistryFeed, type RegistryFeed } from './releases/registryFeed';
export type { AuthBackend, RuntimeConfig } from './config/runtimeConfig';
export { publicRemotePreloads, type ShellServerOverrides } from './http/shellServer';
export { createServerRenderer, type ServerRenderer } from './render/serverRendering';
export { createStaticServer, type StaticServer, type StaticServerOptions } from './http/staticServer';
export { bucketCookie, createVisitorReleases, type Visit, type VisitorReleases } from './releases/visitorReleases';
export { cacheControlFor, HASHED_FILE, IMMUTABLE } from './http/staticFiles';
export { DEGRADED_MAX_AGE_MS } from './render/pageCache';

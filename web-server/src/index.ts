// The web server as a library: what the dev stack (scripts/lib/stack.mjs), the hosting
// preparation, the end-to-end tests and the benchmark use. The production command is main.ts.
export { assemblePage, themeFromCookie } from './assemblePage';
export { ConfigError, configFromEnvironment, defaultRenderThreads, isLoopback, type WebServerConfig } from './config';
export { contentSecurityPolicy, noncedPolicies, remoteContentSecurityPolicy } from './csp';
export {
  validCanaries,
  validRegistryLines,
  REMOTE_NAMES,
  type Canaries,
  type Registry,
  type RegistryState,
} from './registry';
export { createRegistryFeed, type RegistryFeed } from './registryFeed';
export type { AuthBackend, RuntimeConfig } from './runtimeConfig';
export { createRemoteServer, createShellServer, publicRemotePreloads, type ShellServerOverrides } from './shellServer';
export { createServerRenderer, type ServerRenderer } from './serverRendering';
export { createStaticServer, type StaticServer, type StaticServerOptions } from './staticServer';
export { bucketCookie, createVisitorReleases, type Visit, type VisitorReleases } from './visitorReleases';
export { cacheControlFor, HASHED_FILE, IMMUTABLE } from './staticFiles';
export { DEGRADED_MAX_AGE_MS } from './pageCache';

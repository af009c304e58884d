// The Content-Security-Policy of the shell's HTML: scripts only from the shell, the remotes
// named in the registry and the preview allow-list (plus Google's sign-in loader), connections
// to those, the article API and the auth backend, frames only for sign-in and YouTube, and
// styles by per-response nonce (styled-components reads it from <meta property="csp-nonce">).
// The one inline script, a rendered page's starter, runs by its hash (render/starter.ts): no nonce
// for scripts, so no other inline script runs, whatever markup got into a page.
import deployables from 'shared-deployables';
import type { RuntimeConfig } from './runtimeConfig';
import type { Registry } from '../releases/registry';

const YOUTUBE = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];
const GOOGLE_SIGN_IN_SCRIPTS = ['https://apis.google.com'];
const FIREBASE_APIS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];

const originOf = (url: string, base: string): string | null => {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
};

export interface PolicyRequest {
  registry: Registry;
  config: Pick<RuntimeConfig, 'auth' | 'apiBaseUrl' | 'releaseServiceUrl' | 'previewOrigins'>;
  /** The page's hostname: only the local defaults (API, emulator) follow it. */
  hostname: string;
  /**
   * null where the HTML is a static file (Firebase Hosting): no per-response nonce exists there,
   * so styles fall back to 'unsafe-inline' (scripts never do).
   */
  nonce: string | null;
  /** hash sources (`'sha256-…'`) of the inline scripts the page runs; default: none */
  scriptHashes?: readonly string[];
}

export function contentSecurityPolicy({ registry, config, hostname, nonce, scriptHashes = [] }: PolicyRequest): string {
  const pageBase = `http://${hostname}`;
  // The registry's remotes and the origins an admin may load a preview of a remote from.
  const remoteOrigins = [
    ...new Set(
      [...Object.values(registry), ...(config.previewOrigins ?? [])]
        .map((url) => originOf(url, pageBase))
        .filter((origin): origin is string => Boolean(origin)),
    ),
  ];
  const { api: articleApi, releaseService } = deployables;
  const api = originOf(config.apiBaseUrl ?? `http://${hostname}:${articleApi.port}${articleApi.basePath}`, pageBase);
  // Health reports and the リリース page talk to the release service, which may be on an origin of its
  // own. Unnamed, it is where the page will look (shared-core's parseRuntimeConfig): locally its own
  // port, in a deployment the API's base.
  const localReleases = `http://${hostname}:${releaseService.port}${releaseService.basePath}`;
  const isLocalDevelopment = hostname === 'localhost' || hostname === '127.0.0.1'; // shared-core's rule
  const releases = originOf(
    config.releaseServiceUrl ?? (isLocalDevelopment ? localReleases : (config.apiBaseUrl ?? localReleases)),
    pageBase,
  );
  const auth =
    config.auth.mode === 'emulator'
      ? {
          connect: [`http://${hostname}:${config.auth.emulatorPort}`],
          frames: [`http://${hostname}:${config.auth.emulatorPort}`],
        }
      : { connect: FIREBASE_APIS, frames: [`https://${config.auth.config.authDomain}`] };

  const directives: Record<string, (string | null)[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remoteOrigins, ...GOOGLE_SIGN_IN_SCRIPTS, ...scriptHashes],
    'style-src': ["'self'", ...remoteOrigins, nonce ? `'nonce-${nonce}'` : "'unsafe-inline'"],
    'img-src': ["'self'", ...remoteOrigins, 'data:', 'https:'],
    'font-src': ["'self'", ...remoteOrigins],
    'connect-src': ["'self'", ...remoteOrigins, ...new Set([api, releases]), ...auth.connect],
    'frame-src': [...auth.frames, ...YOUTUBE],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values.filter(Boolean))].join(' ')}`)
    .join('; ');
}

/** Stands for the nonce while a policy is built once for many responses; base64 has no "_". */
const NONCE_MARK = 'nonce_mark_';
const MAX_POLICIES = 16;

/**
 * contentSecurityPolicy for one response, built once per registry, hostname and script hashes: between two
 * responses only the nonce differs, and building the policy afresh (URLs parsed, sets and lists
 * made) was the largest allocation per page after the page itself.
 */
export function noncedPolicies(
  config: PolicyRequest['config'],
): (request: { registry: Registry; hostname: string; nonce: string; scriptHashes?: readonly string[] }) => string {
  /** policy split at the nonce, by hostname, registry and script hashes */
  const built = new Map<string, string[]>();
  return ({ registry, hostname, nonce, scriptHashes = [] }) => {
    const key = `${hostname}\n${scriptHashes.join(' ')}\n${Object.values(registry).join('\n')}`;
    let parts = built.get(key);
    if (!parts) {
      if (built.size >= MAX_POLICIES) built.clear();
      parts = contentSecurityPolicy({ registry, config, hostname, nonce: NONCE_MARK, scriptHashes }).split(NONCE_MARK);
      built.set(key, parts);
    }
    return parts.join(nonce);
  };
}

/** A remote serves scripts and JSON to the shell; its own HTML (the dev harness) runs nothing else. */
export function remoteContentSecurityPolicy(): string {
  return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";
}

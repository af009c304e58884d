/**
 * The one runtime configuration of the browser apps and of the server that renders public pages.
 * A deployment writes `/app-config.json` next to the shell's index.html; the shell loads it before
 * anything renders (a remote's standalone harness does the same, a server passes its own object).
 *
 * Outside local development a missing or malformed file stops the page with RuntimeConfigError:
 * silently talking to localhost and the Auth emulator from a deployed page would look like an
 * outage, or worse, like it works. Only on localhost / 127.0.0.1 do missing or malformed fields
 * fall back to the local defaults (the API and the emulator on the page's own hostname), because
 * `npm start` writes a partial file there on purpose.
 */
import { parseAdminEmails, type AdminPolicy } from './admin';
import {
  adminEmails,
  apiBaseUrl,
  authBackend,
  DEFAULT_EMULATOR_PORT,
  DEFAULT_EMULATOR_PROJECT,
  fieldOr,
  isRecord,
  previewOrigins,
  releaseEnvironment,
  runtimeConfig,
  type AuthBackend,
  type ReleaseEnvironmentName,
} from './configChecks';

export { DEFAULT_EMULATOR_PROJECT };
export type { AuthBackend, FirebaseWebConfig, ReleaseEnvironmentName } from './configChecks';

const LOCAL_API_PORT = 3001;
const LOCAL_RELEASE_SERVICE_PORT = 3005;

/** Local development: the page is served from this machine under one of these names. */
export function isLocalDevelopment(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1';
}

export interface RuntimeConfig {
  /** Absolute base URL of article-api, ending in /api (no trailing slash). */
  apiBaseUrl: string;
  /**
   * Absolute base URL of the release service (health reports, the リリース page), ending in /api.
   * A file without it means the deployment serves it under the API's base; locally it is :3005.
   */
  releaseServiceUrl: string;
  auth: AuthBackend;
  /** Lower-cased admin e-mail addresses (ADMIN_EMAILS). */
  adminEmails: string[];
  /** Origins an admin may point a remote at for a preview (PREVIEW_ORIGINS). */
  previewOrigins: string[];
  /** The release environment the page's web server serves (RELEASE_ENVIRONMENT): where its health is counted. */
  releaseEnvironment: ReleaseEnvironmentName;
}

/** Raised instead of guessing: the page cannot know which API or auth backend was meant. */
export class RuntimeConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`アプリ設定（app-config.json）が正しくありません: ${problems.join(' / ')}`);
    this.name = 'RuntimeConfigError';
  }
}

/** Local default: API and auth emulator on the page's own hostname (localhost ≠ 127.0.0.1). */
export function defaultRuntimeConfig(hostname = 'localhost'): RuntimeConfig {
  return {
    apiBaseUrl: `http://${hostname}:${LOCAL_API_PORT}/api`,
    releaseServiceUrl: `http://${hostname}:${LOCAL_RELEASE_SERVICE_PORT}/api`,
    auth: { mode: 'emulator', projectId: DEFAULT_EMULATOR_PROJECT, emulatorPort: DEFAULT_EMULATOR_PORT },
    adminEmails: parseAdminEmails(undefined),
    previewOrigins: [],
    releaseEnvironment: 'production',
  };
}

export interface ParseOptions {
  /** The page the config is for: its hostname decides local development, relative URLs resolve against it. */
  pageUrl: string | URL;
}

/** Local development only: every missing or malformed field falls back to the local default. */
function withLocalDefaults(raw: unknown, defaults: RuntimeConfig): RuntimeConfig {
  const record = isRecord(raw) ? raw : {};
  return {
    apiBaseUrl: fieldOr(apiBaseUrl, record.apiBaseUrl, defaults.apiBaseUrl),
    releaseServiceUrl: fieldOr(apiBaseUrl, record.releaseServiceUrl, defaults.releaseServiceUrl),
    auth: fieldOr(authBackend(true), record.auth, defaults.auth),
    adminEmails: fieldOr(adminEmails, record.adminEmails, defaults.adminEmails),
    previewOrigins: fieldOr(previewOrigins, record.previewOrigins, defaults.previewOrigins),
    releaseEnvironment: fieldOr(releaseEnvironment, record.releaseEnvironment, defaults.releaseEnvironment),
  };
}

/** Validates a raw config object for the page at `pageUrl`; @throws RuntimeConfigError outside local development. */
export function parseRuntimeConfig(raw: unknown, { pageUrl }: ParseOptions): RuntimeConfig {
  const page = new URL(pageUrl);
  const problems: string[] = [];
  const checked = runtimeConfig(raw, '', problems);
  let config: RuntimeConfig;
  if (problems.length === 0) {
    const { releaseServiceUrl, ...rest } = checked;
    const fallback = isLocalDevelopment(page.hostname)
      ? defaultRuntimeConfig(page.hostname).releaseServiceUrl
      : rest.apiBaseUrl;
    config = { ...rest, releaseServiceUrl: releaseServiceUrl ?? fallback };
  } else if (isLocalDevelopment(page.hostname)) {
    config = withLocalDefaults(raw, defaultRuntimeConfig(page.hostname));
  } else {
    throw new RuntimeConfigError(problems);
  }
  const absolute = (url: string) => new URL(url, page).href.replace(/\/+$/, '');
  return { ...config, apiBaseUrl: absolute(config.apiBaseUrl), releaseServiceUrl: absolute(config.releaseServiceUrl) };
}

/** Who counts as an admin in this deployment: verification is required except against the emulator. */
export function adminPolicyOf(config: RuntimeConfig): AdminPolicy {
  return { adminEmails: config.adminEmails, requireVerifiedEmail: config.auth.mode !== 'emulator' };
}

let current: RuntimeConfig | null = null;

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

/**
 * The config set by `loadRuntimeConfig` or `setRuntimeConfig`. Before that, a local page (and a
 * test in jsdom) gets the local defaults; anywhere else reading it early is a bug and throws.
 */
export function getRuntimeConfig(): RuntimeConfig {
  if (current) return current;
  const hostname = globalThis.location?.hostname;
  if (hostname !== undefined && isLocalDevelopment(hostname)) return (current = defaultRuntimeConfig(hostname));
  throw new Error('The runtime config was read before loadRuntimeConfig() or setRuntimeConfig() set it');
}

export interface LoadOptions {
  /** Where the file is, relative to the page. */
  url?: string;
  /** The page's URL; in the browser, the current location. Required on a server. */
  pageUrl?: string | URL;
  fetch?: typeof fetch;
}

async function fetchJson(url: URL, fetchImpl: typeof fetch): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url.href); /* served with Cache-Control: no-cache; matches the HTML's preload */
  } catch {
    throw new RuntimeConfigError([`${url.pathname} を取得できませんでした`]);
  }
  if (!response.ok) throw new RuntimeConfigError([`${url.pathname} が HTTP ${response.status} で返されました`]);
  try {
    return await response.json();
  } catch {
    throw new RuntimeConfigError([`${url.pathname} が JSON ではありません`]);
  }
}

/**
 * Fetches `/app-config.json` next to the page, validates it and makes it the current config.
 * Locally an unreadable file means the local defaults; elsewhere it rejects with RuntimeConfigError.
 */
export async function loadRuntimeConfig({
  url = '/app-config.json',
  pageUrl = globalThis.location?.href,
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
}: LoadOptions = {}): Promise<RuntimeConfig> {
  if (pageUrl === undefined) throw new Error('loadRuntimeConfig needs the page URL outside the browser');
  const page = new URL(pageUrl);
  let raw: unknown;
  try {
    raw = await fetchJson(new URL(url, page), fetchImpl);
  } catch (error) {
    if (!isLocalDevelopment(page.hostname)) throw error;
    raw = {}; // local development without the file: every default applies
  }
  const config = parseRuntimeConfig(raw, { pageUrl: page });
  setRuntimeConfig(config);
  return config;
}

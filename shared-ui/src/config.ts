/**
 * The one runtime configuration of the browser apps. The shell reads `/app-config.json`
 * (served next to its index.html, written at deploy time) and calls `setRuntimeConfig` before
 * anything renders; a remote's standalone harness does the same. Nothing else reads globals.
 */
import { DEFAULT_ADMIN_EMAILS, parseAdminEmails } from 'shared-articles';

// The one admin rule (shared with article-api).
export { DEFAULT_ADMIN_EMAILS, parseAdminEmails };
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
}

export type AuthBackend =
  { mode: 'emulator'; projectId: string; emulatorPort: number } | { mode: 'project'; config: FirebaseWebConfig };

export interface RuntimeConfig {
  /** Base URL of article-api, ending in /api. */
  apiBaseUrl: string;
  auth: AuthBackend;
  /** Lower-cased admin e-mail addresses (ADMIN_EMAILS). */
  adminEmails: string[];
  /** Origins an admin may point a remote at for a preview (PREVIEW_ORIGINS); none by default. */
  previewOrigins: string[];
}

export const DEFAULT_EMULATOR_PROJECT = 'demo-ai-manabi';

/** Local default: API and auth emulator on the page's own hostname (localhost ≠ 127.0.0.1). */
export function defaultRuntimeConfig(hostname = globalThis.location?.hostname ?? 'localhost'): RuntimeConfig {
  return {
    apiBaseUrl: `http://${hostname}:3001/api`,
    auth: { mode: 'emulator', projectId: DEFAULT_EMULATOR_PROJECT, emulatorPort: 9099 },
    adminEmails: [...DEFAULT_ADMIN_EMAILS],
    previewOrigins: [],
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** The http(s) origins of a list (`https://preview.example.com`); paths and other schemes are dropped. */
export function parseOrigins(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const origins = raw.flatMap((value) => {
    if (typeof value !== 'string') return [];
    try {
      const url = new URL(value);
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username;
      return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? [url.origin] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

/** Validates a raw config object; fields that are missing or malformed fall back to defaults. */
export function parseRuntimeConfig(raw: unknown, fallback = defaultRuntimeConfig()): RuntimeConfig {
  if (!isRecord(raw)) return fallback;
  const apiBaseUrl = isNonEmptyString(raw.apiBaseUrl) ? raw.apiBaseUrl.replace(/\/+$/, '') : fallback.apiBaseUrl;
  const adminEmails = Array.isArray(raw.adminEmails)
    ? parseAdminEmails(raw.adminEmails.filter((e): e is string => typeof e === 'string').join(','))
    : fallback.adminEmails;
  let auth = fallback.auth;
  if (isRecord(raw.auth)) {
    const a = raw.auth;
    if (
      a.mode === 'project' &&
      isRecord(a.config) &&
      isNonEmptyString(a.config.apiKey) &&
      isNonEmptyString(a.config.authDomain) &&
      isNonEmptyString(a.config.projectId)
    ) {
      auth = {
        mode: 'project',
        config: {
          apiKey: a.config.apiKey,
          authDomain: a.config.authDomain,
          projectId: a.config.projectId,
          ...(isNonEmptyString(a.config.appId) ? { appId: a.config.appId } : {}),
        },
      };
    } else if (a.mode === 'emulator') {
      auth = {
        mode: 'emulator',
        projectId:
          isNonEmptyString(a.projectId) && a.projectId.startsWith('demo-') ? a.projectId : DEFAULT_EMULATOR_PROJECT,
        emulatorPort: typeof a.emulatorPort === 'number' ? a.emulatorPort : 9099,
      };
    }
  }
  const previewOrigins = Array.isArray(raw.previewOrigins) ? parseOrigins(raw.previewOrigins) : fallback.previewOrigins;
  return { apiBaseUrl, auth, adminEmails, previewOrigins };
}

let current: RuntimeConfig | null = null;

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) current = defaultRuntimeConfig();
  return current;
}

/** Fetches `/app-config.json` next to the page; a missing or broken file means local defaults. */
export async function loadRuntimeConfig(url = '/app-config.json'): Promise<RuntimeConfig> {
  try {
    const response = await fetch(url); /* served with Cache-Control: no-cache; matches the HTML's preload */
    const config = parseRuntimeConfig(response.ok ? await response.json() : null);
    setRuntimeConfig(config);
    return config;
  } catch {
    const config = defaultRuntimeConfig();
    setRuntimeConfig(config);
    return config;
  }
}

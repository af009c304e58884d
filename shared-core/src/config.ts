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
import { zm, type ZodMini } from './zod';
import { parseAdminEmails, type AdminPolicy } from './admin';

export const DEFAULT_EMULATOR_PROJECT = 'demo-ai-manabi';
const DEFAULT_EMULATOR_PORT = 9099;
const LOCAL_API_PORT = 3001;

/** Local development: the page is served from this machine under one of these names. */
export function isLocalDevelopment(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

// The schemas use few kinds of zod validator on purpose: each kind is code on every visitor's first
// download (see ./zod.ts), so checks are refinements and the auth union is told apart by hand.
const text = (message: string) =>
  zm.string({ error: message }).check(zm.refine((value) => value.trim() !== '', { error: message }));

/** Absolute http(s), or a path on the page's own origin ('/api'). */
const apiBaseUrlSchema = zm.string({ error: 'API の URL（http(s)://… または /…）を指定してください' }).check(
  zm.refine((value) => value.startsWith('/') || /^https?:\/\/[^/]/i.test(value), {
    error: 'API の URL は http(s):// または / で始めてください',
  }),
);

const firebaseWebConfigSchema = zm.object(
  {
    apiKey: text('apiKey を指定してください'),
    authDomain: text('authDomain を指定してください'),
    projectId: text('projectId を指定してください'),
    appId: zm.optional(text('appId が空です')),
  },
  { error: 'Firebase のウェブ設定（config）を指定してください' },
);

const emulatorProjectId = zm.string({ error: 'エミュレーターのプロジェクトIDは文字列で指定してください' }).check(
  zm.refine((value) => value.startsWith('demo-'), {
    error: 'エミュレーターのプロジェクトIDは demo- で始めてください',
  }),
);
const port = zm
  .int({ error: 'ポート番号は整数で指定してください' })
  .check(zm.refine((value) => value >= 1 && value <= 65535, { error: 'ポート番号は 1〜65535 で指定してください' }));

const AUTH_SHAPE = 'auth は { "mode": "emulator" } か { "mode": "project", "config": … } で指定してください';

const projectBackendSchema = zm.object(
  { mode: zm.literal('project'), config: firebaseWebConfigSchema },
  { error: AUTH_SHAPE },
);

/** The emulator with the project and port it names, or the defaults; locally, wrong ones become the defaults too. */
function emulatorBackendSchema(lenient: boolean) {
  const orDefault = <T>(schema: ZodMini.ZodMiniType<T>) =>
    lenient ? zm.catch(zm.optional(schema), undefined) : zm.optional(schema);
  return zm.pipe(
    zm.object(
      {
        mode: zm.literal('emulator', { error: AUTH_SHAPE }),
        projectId: orDefault(emulatorProjectId),
        emulatorPort: orDefault(port),
      },
      { error: AUTH_SHAPE },
    ),
    zm.transform(({ projectId, emulatorPort }) => ({
      mode: 'emulator' as const,
      projectId: projectId ?? DEFAULT_EMULATOR_PROJECT,
      emulatorPort: emulatorPort ?? DEFAULT_EMULATOR_PORT,
    })),
  );
}

/** The schema for what `auth.mode` says: `{ mode: 'project' }` or else the emulator. */
const authBackendSchema = (raw: unknown, lenient = false): ZodMini.ZodMiniType<AuthBackend> =>
  isRecord(raw) && raw.mode === 'project' ? projectBackendSchema : emulatorBackendSchema(lenient);

/** The admin list follows the API's ADMIN_EMAILS rule: trimmed, lower-cased, the default when empty. */
const adminEmailsSchema = zm.pipe(
  zm.optional(zm.array(zm.string(), { error: 'adminEmails は文字列の配列で指定してください' })),
  zm.transform((emails) => parseAdminEmails(emails)),
);

/** A bare http(s) origin: `https://preview.example.com`, no path, query or credentials. */
function isBareOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

/** Where an admin may preview a remote from (`?mf-override=`, README "Releasing a remote"); none by default. */
const previewOriginsSchema = zm.pipe(
  zm.optional(
    zm.array(
      zm
        .string()
        .check(
          zm.refine(isBareOrigin, { error: 'previewOrigins には https://host のようなオリジンだけを指定してください' }),
        ),
      { error: 'previewOrigins は文字列の配列で指定してください' },
    ),
  ),
  zm.transform((origins) => [...new Set((origins ?? []).map((origin) => new URL(origin).origin))]),
);

const runtimeConfigSchema = (rawAuth: unknown) =>
  zm.object(
    {
      apiBaseUrl: apiBaseUrlSchema,
      auth: authBackendSchema(rawAuth),
      adminEmails: adminEmailsSchema,
      previewOrigins: previewOriginsSchema,
    },
    { error: 'JSON オブジェクトではありません' },
  );

export type FirebaseWebConfig = ZodMini.output<typeof firebaseWebConfigSchema>;
export type AuthBackend =
  ZodMini.output<typeof projectBackendSchema> | ZodMini.output<ReturnType<typeof emulatorBackendSchema>>;

export interface RuntimeConfig {
  /** Absolute base URL of article-api, ending in /api (no trailing slash). */
  apiBaseUrl: string;
  auth: AuthBackend;
  /** Lower-cased admin e-mail addresses (ADMIN_EMAILS). */
  adminEmails: string[];
  /** Origins an admin may point a remote at for a preview (PREVIEW_ORIGINS). */
  previewOrigins: string[];
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
    auth: { mode: 'emulator', projectId: DEFAULT_EMULATOR_PROJECT, emulatorPort: DEFAULT_EMULATOR_PORT },
    adminEmails: parseAdminEmails(undefined),
    previewOrigins: [],
  };
}

export interface ParseOptions {
  /** The page the config is for: its hostname decides local development, relative URLs resolve against it. */
  pageUrl: string | URL;
}

const problemsOf = (error: ZodMini.core.$ZodError): string[] =>
  error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));

function fieldOr<T>(schema: ZodMini.ZodMiniType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/** Local development only: every missing or malformed field falls back to the local default. */
function withLocalDefaults(raw: unknown, defaults: RuntimeConfig): RuntimeConfig {
  const record = isRecord(raw) ? raw : {};
  return {
    apiBaseUrl: fieldOr(apiBaseUrlSchema, record.apiBaseUrl, defaults.apiBaseUrl),
    auth: fieldOr(authBackendSchema(record.auth, true), record.auth, defaults.auth),
    adminEmails: fieldOr(adminEmailsSchema, record.adminEmails, defaults.adminEmails),
    previewOrigins: fieldOr(previewOriginsSchema, record.previewOrigins, defaults.previewOrigins),
  };
}

/** Validates a raw config object for the page at `pageUrl`; @throws RuntimeConfigError outside local development. */
export function parseRuntimeConfig(raw: unknown, { pageUrl }: ParseOptions): RuntimeConfig {
  const page = new URL(pageUrl);
  const parsed = runtimeConfigSchema(isRecord(raw) ? raw.auth : undefined).safeParse(raw);
  let config: RuntimeConfig;
  if (parsed.success) {
    config = parsed.data;
  } else if (isLocalDevelopment(page.hostname)) {
    config = withLocalDefaults(raw, defaultRuntimeConfig(page.hostname));
  } else {
    throw new RuntimeConfigError(problemsOf(parsed.error));
  }
  return { ...config, apiBaseUrl: new URL(config.apiBaseUrl, page).href.replace(/\/+$/, '') };
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

// The deployment configuration of one web-server instance, read once at start and validated:
// a missing or malformed value stops the server with a message naming it (fail closed). Nothing
// here falls back to the local development defaults (localhost ports, the Auth emulator): those
// are the dev stack's (tooling/stack/stack.mjs), which builds a WebServerConfig of its own.
//
// One source: the environment, optionally on top of a JSON file named by WEB_SERVER_CONFIG whose
// keys are the same variable names (the environment wins). docs/deployment.md lists them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ENVIRONMENT, RELEASE_ENVIRONMENTS, type ReleaseEnvironment } from 'shared-releases';
import { viewTokenKeysOf } from 'shared-releases/view-token';
import { siteOrigin, siteOriginProblem } from 'shared-deployables';
import { z } from 'zod';
import type { RuntimeConfig } from './runtimeConfig';
import { describeIssue, httpUrl, jsonText, list } from './settingTypes';
import { REMOTE_NAMES, type Registry } from '../releases/registry';

export interface WebServerConfig {
  /** Canonical and share URLs, sitemap and feed; never taken from a request's Host. */
  siteOrigin: string;
  host: string;
  port: number;
  /** The shell's build (index.html, assets, server/main.js). */
  shellDist: string;
  /** The registry lines every remote starts from (its deployed manifest URL). */
  remotes: Registry;
  /**
   * The release registry service's lines for this server's environment (GET /api/registry/:env),
   * over `remotes`; null: `remotes` only.
   */
  registryUrl: string | null;
  /** How often the registry is revalidated (a flip is served within this, on every instance). */
  registryRefreshMs: number;
  /** What the browser gets as /app-config.json. */
  runtime: RuntimeConfig;
  /** The article API as this server reaches it (server rendering, the change version). */
  serverApiUrl: string;
  serverRendering: boolean;
  /** false: every page request renders (for measuring the render load; never in production). */
  pageCache: boolean;
  /** Render threads; 0 renders on the server's own thread. */
  renderThreads: number;
  /** How long SIGTERM waits for requests in flight before closing what is left. */
  drainTimeoutMs: number;
  /**
   * HEALTH_TOKEN_KEYS, shared with the release service: the first signs each page's view token,
   * (docs/canary-releases.md); absent (the dev stack): the development key.
   */
  viewTokenKeys?: string[];
}

/** The registry service's URL for an environment, under the API's base (…/api). */
export const registryUrlOf = (apiBaseUrl: string, environment: ReleaseEnvironment) =>
  `${apiBaseUrl.replace(/\/+$/, '')}/registry/${environment}`;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/;
export const isLoopback = (host: string) => LOOPBACK.test(host);

/**
 * The repository's (and the image's) layout: web-server/ beside shell/dist. This module runs from
 * web-server/src/config (the sources) or from a chunk in web-server/dist (the build).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const webServerRoot = path.basename(here) === 'dist' ? path.dirname(here) : path.resolve(here, '..', '..');
const DEFAULT_SHELL_DIST = path.resolve(webServerRoot, '..', 'shell', 'dist');
const MAX_THREADS = 4;

/** Render threads by default: one per core, at most 4 (renderPool.ts). */
export const defaultRenderThreads = (cores: number) => Math.max(1, Math.min(cores, MAX_THREADS));

const remotesSchema = z.object(
  Object.fromEntries(REMOTE_NAMES.map((name) => [name, httpUrl(`REMOTES.${name}`)])) as Record<
    (typeof REMOTE_NAMES)[number],
    ReturnType<typeof httpUrl>
  >,
);

const firebaseWebConfig = z.looseObject({
  apiKey: z.string().min(1),
  authDomain: z.string().min(1),
  projectId: z.string().min(1),
});

const environmentSchema = z.object({
  NODE_ENV: z.string().optional(),
  // The one rule for the site's origin, shared with the dev stack and the dev build.
  SITE_ORIGIN: z
    .string()
    .trim()
    .optional()
    .superRefine((value, context) => {
      const problem = value ? siteOriginProblem(value) : null;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SHELL_DIST: z.string().trim().min(1).default(DEFAULT_SHELL_DIST),
  REMOTES: jsonText(remotesSchema, 'REMOTES'),
  RELEASE_ENVIRONMENT: z.enum(RELEASE_ENVIRONMENTS).default(DEFAULT_ENVIRONMENT),
  REGISTRY_URL: httpUrl('REGISTRY_URL').optional(),
  REGISTRY_REFRESH_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  API_BASE_URL: httpUrl('API_BASE_URL'),
  RELEASE_SERVICE_URL: httpUrl('RELEASE_SERVICE_URL').optional(),
  SSR_API_URL: httpUrl('SSR_API_URL').optional(),
  FIREBASE_WEB_CONFIG: jsonText(firebaseWebConfig, 'FIREBASE_WEB_CONFIG').optional(),
  AUTH_EMULATOR_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  AUTH_EMULATOR_PROJECT: z.string().startsWith('demo-').default('demo-ai-manabi'),
  ADMIN_EMAILS: z.string().optional(),
  PREVIEW_ORIGINS: list.pipe(z.array(httpUrl('each PREVIEW_ORIGINS entry'))),
  SERVER_RENDERING: z.enum(['on', 'off']).default('on'),
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  SSR_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  HEALTH_TOKEN_KEYS: z.string().optional(),
});

type Environment = Record<string, string | undefined>;

/** The WEB_SERVER_CONFIG file's values under the environment's. */
function withConfigFile(env: Environment): Record<string, unknown> {
  const file = env.WEB_SERVER_CONFIG;
  if (!file) return { ...env };
  let values: unknown;
  try {
    values = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`WEB_SERVER_CONFIG: ${file} could not be read as JSON (${(error as Error).message})`);
  }
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    throw new ConfigError(`WEB_SERVER_CONFIG: ${file} must hold a JSON object of settings`);
  }
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  return Object.assign({}, values, defined);
}

const present = (value: unknown) => value !== undefined && value !== '';

/** Problems between settings (each may be well-formed on its own), read from the raw values. */
function settingsThatDisagree(raw: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const host = present(raw.HOST) ? String(raw.HOST) : '127.0.0.1';
  if (!present(raw.SITE_ORIGIN) && !isLoopback(host)) {
    problems.push(`SITE_ORIGIN is required when the server listens beyond this machine (HOST=${host})`);
  }
  const project = present(raw.FIREBASE_WEB_CONFIG);
  const emulator = present(raw.AUTH_EMULATOR_PORT);
  if (project && emulator) {
    problems.push('FIREBASE_WEB_CONFIG and AUTH_EMULATOR_PORT exclude each other: name one auth backend');
  } else if (!project && !emulator) {
    problems.push('FIREBASE_WEB_CONFIG is required (or AUTH_EMULATOR_PORT outside production)');
  } else if (emulator && raw.NODE_ENV === 'production') {
    // Emulator ID tokens are unsigned: a production page must never talk to an emulator.
    problems.push('AUTH_EMULATOR_PORT is refused with NODE_ENV=production: set FIREBASE_WEB_CONFIG');
  }
  const keys = viewTokenKeysOf(
    'HEALTH_TOKEN_KEYS',
    present(raw.HEALTH_TOKEN_KEYS) ? String(raw.HEALTH_TOKEN_KEYS) : undefined,
    raw.NODE_ENV === 'production',
  );
  if ('problem' in keys) problems.push(keys.problem);
  const shellDist = present(raw.SHELL_DIST) ? String(raw.SHELL_DIST) : DEFAULT_SHELL_DIST;
  if (!fs.existsSync(path.join(shellDist, 'index.html'))) {
    problems.push(`SHELL_DIST: ${shellDist} holds no index.html (build the shell first)`);
  }
  return problems;
}

/**
 * The configuration for `web-server` (the production command) from its environment.
 * @throws ConfigError naming every missing or malformed setting
 */
export function configFromEnvironment(env: Environment, { cores = 2 }: { cores?: number } = {}): WebServerConfig {
  const raw = withConfigFile(env);
  const parsed = environmentSchema.safeParse(raw);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '');
        return present(raw[name]) ? describeIssue(issue, name) : `${name} is required`;
      });
  problems.push(...settingsThatDisagree(raw));
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`the web server's configuration is incomplete:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  return {
    siteOrigin: siteOrigin(values.SITE_ORIGIN, values.PORT),
    host: values.HOST,
    port: values.PORT,
    shellDist: path.resolve(values.SHELL_DIST),
    remotes: Object.fromEntries(Object.entries(values.REMOTES).map(([name, url]) => [name, new URL(url).href])),
    registryUrl:
      values.REGISTRY_URL ??
      registryUrlOf(
        values.RELEASE_SERVICE_URL ?? values.SSR_API_URL ?? values.API_BASE_URL,
        values.RELEASE_ENVIRONMENT,
      ),
    registryRefreshMs: values.REGISTRY_REFRESH_MS,
    runtime: {
      auth: values.FIREBASE_WEB_CONFIG
        ? { mode: 'project', config: values.FIREBASE_WEB_CONFIG }
        : { mode: 'emulator', projectId: values.AUTH_EMULATOR_PROJECT, emulatorPort: values.AUTH_EMULATOR_PORT! },
      adminEmails: (values.ADMIN_EMAILS ?? '').split(','),
      previewOrigins: [...new Set(values.PREVIEW_ORIGINS.map((origin) => new URL(origin).origin))],
      apiBaseUrl: values.API_BASE_URL,
      releaseServiceUrl: values.RELEASE_SERVICE_URL ?? values.API_BASE_URL,
      releaseEnvironment: values.RELEASE_ENVIRONMENT,
    },
    serverApiUrl: values.SSR_API_URL ?? values.API_BASE_URL,
    serverRendering: values.SERVER_RENDERING === 'on',
    pageCache: values.PAGE_CACHE === 'on',
    renderThreads: values.SSR_THREADS ?? defaultRenderThreads(cores),
    drainTimeoutMs: values.DRAIN_TIMEOUT_MS,
    viewTokenKeys: (viewTokenKeysOf('HEALTH_TOKEN_KEYS', values.HEALTH_TOKEN_KEYS, false) as { keys: string[] }).keys,
  };
}

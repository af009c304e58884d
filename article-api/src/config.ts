/**
 * The service's configuration, read and validated in one place: nothing else reads process.env.
 * An invalid setting stops the service at start-up with every problem listed.
 */
import path from 'node:path';
import { parseAdminEmails } from 'shared-core';
import { HEALTH_DEFAULTS, RELEASE_ENVIRONMENTS, type ReleaseEnvironment } from 'shared-releases';
import { z } from 'zod';
import { TEST_FAILPOINTS, type TestFailpoint } from './testFailpoint';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  nodeEnv: string;
  port: number;
  host: string;
  /** SQLite: a file path, or ':memory:' for a throwaway database. Unused when `databaseUrl` is set. */
  databasePath: string;
  /** postgres://… : PostgreSQL instead of SQLite (several instances may share it). */
  databaseUrl: string | null;
  /** Connections each instance keeps open to PostgreSQL at most. */
  databasePoolMax: number;
  /** Fastify `trustProxy`: whose X-Forwarded-For to believe for the client address (false: nobody's). */
  trustProxy: boolean | number | string[];
  /** Lower-cased; the same rule as the shell's admin flag (shared-core `parseAdminEmails`). */
  adminEmails: string[];
  corsOrigins: string[];
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator, or null to verify real tokens of `firebaseProjectId`. */
  authEmulatorHost: string | null;
  logLevel: LogLevel;
  /** Writes (POST/PUT/DELETE) allowed per signed-in user per window, counted after the token is verified. */
  writeRateLimit: { max: number; windowMs: number };
  /** Requests without a valid token allowed per client address per window on token-guarded routes. */
  anonymousRateLimit: { max: number; windowMs: number };
  /** Largest accepted request body: the 200 KB content limit plus JSON overhead. */
  bodyLimitBytes: number;
  /** Where published releases are served (docs/releasing.md): `{workspace}`/`{port}` are filled in per remote. */
  releasePublicUrl: string;
  /** Per environment, the mf-manifest.json of the shell that environment serves: what the gate checks against. */
  releaseShellManifests: Record<ReleaseEnvironment, string>;
  /** Canary health (docs/releasing.md): the window, the withdrawal rule and the limits on reports. */
  health: {
    windowMinutes: number;
    minCanaryViews: number;
    margin: number;
    addressCap: number;
    reportsPerMinute: number;
  };
  /** TEST ONLY (testFailpoint.ts): a crash injected by the fault tests; null in every deployment. */
  testFailpoint: TestFailpoint | null;
}

const REPO_ROOT = path.resolve(__dirname, '../..');
export const DEFAULT_DATABASE_PATH = path.join(REPO_ROOT, '.data', 'articles.sqlite');

const LOCAL_APP_PORTS = [3000, 3002, 3003, 3004];
export const DEFAULT_CORS_ORIGINS = LOCAL_APP_PORTS.flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const commaList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** The local release store as `npm start` serves it: each remote's own server, /releases/<version>/. */
export const DEFAULT_RELEASE_PUBLIC_URL = 'http://localhost:{port}/releases';
/** The local shell's manifest: every environment on one machine is served by the same shell. */
export const DEFAULT_SHELL_MANIFEST = 'http://localhost:3000/mf-manifest.json';
const httpUrl = (name: string) => z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` });

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: integer(0, 65535).default(3001),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_PATH: z.string().min(1).default(DEFAULT_DATABASE_PATH),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_MAX: integer(1, 1_000).default(10),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => parseTrustProxy(value))
    .pipe(
      z.union([
        z.boolean(),
        z.number().int().min(1).max(100),
        z.array(z.string().regex(/^[0-9a-fA-F.:]+(\/\d{1,3})?$/, 'TRUST_PROXY lists IP addresses or CIDR ranges')),
      ]),
    ),
  ADMIN_EMAILS: z.string().optional(),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value) => (value ? commaList(value) : DEFAULT_CORS_ORIGINS))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'CORS_ORIGINS must list http(s) origins' }))),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-ai-manabi'),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[^\s:/]+:\d{1,5}$/, 'FIREBASE_AUTH_EMULATOR_HOST must be host:port')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_WRITE_MAX: integer(1, 100_000).default(60),
  RATE_LIMIT_ANONYMOUS_MAX: integer(1, 100_000).optional(),
  RATE_LIMIT_WINDOW_MS: integer(1_000, 86_400_000).default(60_000),
  RELEASE_PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'RELEASE_PUBLIC_URL must be an http(s) URL (with {workspace} or {port})')
    .default(DEFAULT_RELEASE_PUBLIC_URL),
  RELEASE_SHELL_MANIFEST: httpUrl('RELEASE_SHELL_MANIFEST').default(DEFAULT_SHELL_MANIFEST),
  RELEASE_SHELL_MANIFEST_STAGING: httpUrl('RELEASE_SHELL_MANIFEST_STAGING').optional(),
  RELEASE_SHELL_MANIFEST_PRODUCTION: httpUrl('RELEASE_SHELL_MANIFEST_PRODUCTION').optional(),
  HEALTH_WINDOW_MINUTES: integer(1, 1_440).default(HEALTH_DEFAULTS.windowMinutes),
  HEALTH_MIN_CANARY_VIEWS: integer(1, 1_000_000).default(HEALTH_DEFAULTS.minCanaryViews),
  HEALTH_MARGIN: z.coerce.number().min(0).max(1).default(HEALTH_DEFAULTS.margin),
  HEALTH_ADDRESS_CAP: integer(1, 1_000_000).default(HEALTH_DEFAULTS.addressCap),
  HEALTH_REPORTS_PER_MINUTE: integer(1, 1_000_000).default(HEALTH_DEFAULTS.reportsPerMinute),
  TEST_FAILPOINT: z.enum(TEST_FAILPOINTS).optional(),
});

/**
 * `true` trusts every proxy (only right when nothing can reach the service but the proxy), a
 * number trusts that many hops from the service, a list trusts those addresses and ranges.
 */
function parseTrustProxy(value: string | undefined): unknown {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return commaList(value);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid article-api configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function parseEnv<Schema extends z.ZodType>(schema: Schema, env: Env): z.output<Schema> {
  // `PORT=` in a shell means "unset", not 0.
  const setVars = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(setVars);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return parsed.data;
}

const storageSchema = envSchema.pick({ DATABASE_PATH: true, DATABASE_URL: true, DATABASE_POOL_MAX: true });

/** Only the database settings: for the maintenance commands (db:migrate, the copy), which verify no tokens. */
export function loadStorageConfig(
  env: Env = process.env,
): Pick<AppConfig, 'databasePath' | 'databaseUrl' | 'databasePoolMax'> {
  const vars = parseEnv(storageSchema, env);
  return {
    databasePath: vars.DATABASE_PATH === ':memory:' ? ':memory:' : path.resolve(vars.DATABASE_PATH),
    databaseUrl: vars.DATABASE_URL ?? null,
    databasePoolMax: vars.DATABASE_POOL_MAX,
  };
}

export function loadConfig(env: Env = process.env): AppConfig {
  const vars = parseEnv(envSchema, env);
  const authEmulatorHost = vars.FIREBASE_AUTH_EMULATOR_HOST ?? null;

  const problems: string[] = [];
  if (vars.NODE_ENV === 'production' && authEmulatorHost) {
    problems.push('FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production: the emulator accepts unsigned tokens');
  }
  if (!authEmulatorHost && vars.FIREBASE_PROJECT_ID.startsWith('demo-')) {
    problems.push(
      `FIREBASE_PROJECT_ID=${vars.FIREBASE_PROJECT_ID} is a demo project: it needs FIREBASE_AUTH_EMULATOR_HOST`,
    );
  }
  if (vars.NODE_ENV === 'production' && vars.TEST_FAILPOINT) {
    problems.push(
      'TEST_FAILPOINT is set while NODE_ENV=production: it is a test-only failpoint that kills the process',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    ...loadStorageConfig(env),
    trustProxy: vars.TRUST_PROXY,
    adminEmails: parseAdminEmails(vars.ADMIN_EMAILS),
    corsOrigins: vars.CORS_ORIGINS,
    firebaseProjectId: vars.FIREBASE_PROJECT_ID,
    authEmulatorHost,
    logLevel: vars.LOG_LEVEL,
    writeRateLimit: { max: vars.RATE_LIMIT_WRITE_MAX, windowMs: vars.RATE_LIMIT_WINDOW_MS },
    anonymousRateLimit: {
      max: vars.RATE_LIMIT_ANONYMOUS_MAX ?? vars.RATE_LIMIT_WRITE_MAX,
      windowMs: vars.RATE_LIMIT_WINDOW_MS,
    },
    bodyLimitBytes: 256 * 1024,
    releasePublicUrl: vars.RELEASE_PUBLIC_URL,
    releaseShellManifests: Object.fromEntries(
      RELEASE_ENVIRONMENTS.map((environment) => [
        environment,
        vars[`RELEASE_SHELL_MANIFEST_${environment.toUpperCase() as Uppercase<ReleaseEnvironment>}`] ??
          vars.RELEASE_SHELL_MANIFEST,
      ]),
    ) as Record<ReleaseEnvironment, string>,
    health: {
      windowMinutes: vars.HEALTH_WINDOW_MINUTES,
      minCanaryViews: vars.HEALTH_MIN_CANARY_VIEWS,
      margin: vars.HEALTH_MARGIN,
      addressCap: vars.HEALTH_ADDRESS_CAP,
      reportsPerMinute: vars.HEALTH_REPORTS_PER_MINUTE,
    },
    testFailpoint: vars.TEST_FAILPOINT ?? null,
  };
}

/**
 * The settings every service reads the same way (port, database, proxy trust, CORS, Firebase, log
 * level, write limits), validated with zod: each service adds its own fields to `commonEnvShape`
 * and reads the result once, at start-up; an invalid setting stops it with every problem listed.
 */
import path from 'node:path';
import { parseAdminEmails } from 'shared-core';
import { z } from 'zod';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface StorageConfig {
  /** SQLite: a file path, or ':memory:' for a throwaway database. Unused when `databaseUrl` is set. */
  databasePath: string;
  /** postgres://… : PostgreSQL instead of SQLite (several instances may share it). */
  databaseUrl: string | null;
  /** Connections each instance keeps open to PostgreSQL at most. */
  databasePoolMax: number;
}

export interface CommonConfig extends StorageConfig {
  nodeEnv: string;
  port: number;
  host: string;
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
}

/** The repository's root: local data (`.data/`) lives there by default. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

const LOCAL_APP_PORTS = [3000, 3002, 3003, 3004];
export const DEFAULT_CORS_ORIGINS = LOCAL_APP_PORTS.flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

export const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
export const commaList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
export const httpUrl = (name: string) => z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` });

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

/** The database settings, with the service's own default SQLite file. */
export const storageEnvShape = (defaultDatabasePath: string) => ({
  DATABASE_PATH: z.string().min(1).default(defaultDatabasePath),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_MAX: integer(1, 1_000).default(10),
});

export const commonEnvShape = ({ port, defaultDatabasePath }: { port: number; defaultDatabasePath: string }) => ({
  NODE_ENV: z.string().default('development'),
  PORT: integer(0, 65535).default(port),
  HOST: z.string().min(1).default('127.0.0.1'),
  ...storageEnvShape(defaultDatabasePath),
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
});

export class ConfigError extends Error {
  constructor(
    service: string,
    readonly problems: string[],
  ) {
    super(`Invalid ${service} configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export function parseEnv<Schema extends z.ZodType>(service: string, schema: Schema, env: Env): z.output<Schema> {
  // `PORT=` in a shell means "unset", not 0.
  const setVars = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(setVars);
  if (!parsed.success) {
    throw new ConfigError(
      service,
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return parsed.data;
}

/**
 * A service's readers of its environment: `parse` checks the settings every service shares plus
 * its own (`extra`, zod fields), `loadStorageConfig` only the database ones (for the maintenance
 * commands, db:migrate and the copies, which verify no tokens). Both name the service in errors.
 */
export function serviceEnv<Extra extends z.ZodRawShape = Record<never, never>>(
  service: string,
  defaults: { port: number; defaultDatabasePath: string },
  extra: Extra = {} as Extra,
) {
  const envSchema = z.object(Object.assign(commonEnvShape(defaults), extra));
  const storageSchema = z.object(storageEnvShape(defaults.defaultDatabasePath));
  return {
    parse: (env: Env) => parseEnv(service, envSchema, env),
    loadStorageConfig: (env: Env = process.env): StorageConfig =>
      storageConfigOf(parseEnv(service, storageSchema, env)),
  };
}

type StorageVars = { DATABASE_PATH: string; DATABASE_URL?: string | undefined; DATABASE_POOL_MAX: number };

export function storageConfigOf(vars: StorageVars): StorageConfig {
  return {
    databasePath: vars.DATABASE_PATH === ':memory:' ? ':memory:' : path.resolve(vars.DATABASE_PATH),
    databaseUrl: vars.DATABASE_URL ?? null,
    databasePoolMax: vars.DATABASE_POOL_MAX,
  };
}

type CommonVars = z.output<z.ZodObject<ReturnType<typeof commonEnvShape>>>;

/** The common settings from parsed variables; refuses the emulator in production and a demo project without it. */
export function commonConfigOf(service: string, vars: CommonVars): CommonConfig {
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
  if (problems.length > 0) throw new ConfigError(service, problems);
  return {
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    ...storageConfigOf(vars),
    trustProxy: vars.TRUST_PROXY as CommonConfig['trustProxy'],
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
  };
}

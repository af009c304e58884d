/**
 * The article service's configuration, read and validated in one place: nothing else reads
 * process.env. The settings every service shares are service-kit's; an invalid setting stops the
 * service at start-up with every problem listed.
 */
import path from 'node:path';
import {
  type CommonConfig,
  commonConfigOf,
  commonEnvShape,
  type Env,
  parseEnv,
  REPO_ROOT,
  type StorageConfig,
  storageConfigOf,
  storageEnvShape,
} from 'service-kit';
import { z } from 'zod';

export { ConfigError, DEFAULT_CORS_ORIGINS, type LogLevel } from 'service-kit';

export interface AppConfig extends CommonConfig {
  /** Largest accepted request body: the 200 KB content limit plus JSON overhead. */
  bodyLimitBytes: number;
}

const SERVICE = 'article-api';
export const DEFAULT_DATABASE_PATH = path.join(REPO_ROOT, '.data', 'articles.sqlite');

const envSchema = z.object(commonEnvShape({ port: 3001, defaultDatabasePath: DEFAULT_DATABASE_PATH }));
const storageSchema = z.object(storageEnvShape(DEFAULT_DATABASE_PATH));

/** Only the database settings: for the maintenance commands (db:migrate, the copy), which verify no tokens. */
export function loadStorageConfig(env: Env = process.env): StorageConfig {
  return storageConfigOf(parseEnv(SERVICE, storageSchema, env));
}

export function loadConfig(env: Env = process.env): AppConfig {
  const vars = parseEnv(SERVICE, envSchema, env);
  return Object.assign(commonConfigOf(SERVICE, vars), { bodyLimitBytes: 256 * 1024 });
}

/**
 * The article service's configuration, read and validated in one place: nothing else reads
 * process.env. The settings every service shares are service-kit's; an invalid setting stops the
 * service at start-up with every problem listed.
 */
import path from 'node:path';
import { type CommonConfig, commonConfigOf, type Env, REPO_ROOT, serviceEnv } from 'service-kit';

export { ConfigError, DEFAULT_CORS_ORIGINS, type LogLevel } from 'service-kit';

export interface AppConfig extends CommonConfig {
  /** Largest accepted request body: the 200 KB content limit plus JSON overhead. */
  bodyLimitBytes: number;
}

const SERVICE = 'article-api';
export const DEFAULT_DATABASE_PATH = path.join(REPO_ROOT, '.data', 'articles.sqlite');

const env = serviceEnv(SERVICE, { port: 3001, defaultDatabasePath: DEFAULT_DATABASE_PATH });

/** Only the database settings: for the maintenance commands (db:migrate, the copy), which verify no tokens. */
export const loadStorageConfig = env.loadStorageConfig;

export function loadConfig(settings: Env = process.env): AppConfig {
  return Object.assign(commonConfigOf(SERVICE, env.parse(settings)), { bodyLimitBytes: 256 * 1024 });
}

/**
 * Where the release registry lives: SQLite by default (one file, one instance), PostgreSQL when
 * DATABASE_URL is set (any number of stateless instances on one database) — the service's own
 * database, apart from the articles'.
 */
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageConfig } from 'service-kit';
import type { HealthRepository } from './healthRepository';
import { openPostgresStorage } from './postgres/storage';
import type { ReleaseRepository } from './releaseRepository';
import { openSqliteStorage } from './sqlite/storage';
import type { VitalsRepository } from './vitalsRepository';

export interface Storage {
  readonly engine: 'sqlite' | 'postgres';
  /** The release registry: live lines per environment, versions and the audit log. */
  readonly releases: ReleaseRepository;
  /** Page views and failures per release and minute (canary health). */
  readonly health: HealthRepository;
  /** Core Web Vitals per release, minute and bucket. */
  readonly vitals: VitalsRepository;
  /** The file name, or host, port and database; never credentials. */
  readonly description: string;
  /** A @fastify/rate-limit store every instance shares, or null for the plugin's in-process one. */
  readonly rateLimitStore: FastifyRateLimitStoreCtor | null;
  close(): Promise<void>;
}

/** Opens and migrates the configured database. */
export async function openStorage(config: StorageConfig, log: Pick<FastifyBaseLogger, 'warn'>): Promise<Storage> {
  if (config.databaseUrl) {
    return openPostgresStorage({ url: config.databaseUrl, poolMax: config.databasePoolMax, log });
  }
  return openSqliteStorage(config.databasePath);
}

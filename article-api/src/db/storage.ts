/**
 * Where the articles live: SQLite by default (one file, one instance), PostgreSQL when
 * DATABASE_URL is set (any number of stateless instances on one database).
 */
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageConfig } from 'service-kit';
import type { ArticleRepository } from './articleRepository';
import { openPostgresStorage } from './postgres/storage';
import { openSqliteStorage } from './sqlite/storage';

export interface Storage {
  readonly engine: 'sqlite' | 'postgres';
  readonly repository: ArticleRepository;
  /** What /api/admin/info shows: the file name, or host, port and database; never credentials. */
  readonly description: string;
  /**
   * An opaque token that changes with every committed change to the content, made by any instance
   * or tool (database triggers move it). One indexed row: cheap enough to read on every request.
   */
  contentVersion(): Promise<string>;
  /** A @fastify/rate-limit store every instance shares, or null for the plugin's in-process one. */
  readonly rateLimitStore: FastifyRateLimitStoreCtor | null;
  close(): Promise<void>;
}

export type { StorageConfig };

/** Opens and migrates the configured database. */
export async function openStorage(config: StorageConfig, log: Pick<FastifyBaseLogger, 'warn'>): Promise<Storage> {
  if (config.databaseUrl) {
    return openPostgresStorage({ url: config.databaseUrl, poolMax: config.databasePoolMax, log });
  }
  return openSqliteStorage(config.databasePath);
}

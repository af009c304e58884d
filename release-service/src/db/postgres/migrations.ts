/**
 * The release service's PostgreSQL schema: the same versions as SQLite's (sqlite/migrations.ts)
 * plus the shared rate-limit counters, recorded in release_schema_migrations under the service's
 * own advisory lock, so that it may share a server (or even a database) with the article API.
 */
import type pg from 'pg';
import { type PostgresMigration, RATE_LIMITS_POSTGRES, runPostgresMigrations } from 'service-kit/postgres';
import { MIGRATION_TABLE } from '../sqlite/migrations';
import {
  RELEASE_CANARY_POSTGRES,
  RELEASE_CANARY_PLAN_POSTGRES,
  RELEASE_HEALTH_TOKENS_POSTGRES,
  RELEASE_OPERATIONS_POSTGRES,
  RELEASE_REFUSAL_MINUTES_POSTGRES,
  RELEASE_REGISTRY_POSTGRES,
} from './releaseSchema';
import { RELEASE_VITALS_POSTGRES } from '../vitalsSchema';

/** Any constant: the key of the advisory lock migrations take. */
const MIGRATION_LOCK = 0x72656c73; // "rels"

export const postgresMigrations: readonly PostgresMigration[] = [
  {
    version: 1,
    name: 'create release registry',
    async up(client) {
      await client.query(RELEASE_REGISTRY_POSTGRES);
    },
  },
  {
    version: 2,
    name: 'canary releases and release health',
    async up(client) {
      await client.query(RELEASE_CANARY_POSTGRES);
    },
  },
  {
    // SQLite keeps its counters in the process (one instance per file).
    version: 3,
    name: 'create rate_limits',
    async up(client) {
      await client.query(RATE_LIMITS_POSTGRES);
    },
  },
  {
    version: 4,
    name: 'release operation outcomes',
    async up(client) {
      await client.query(RELEASE_OPERATIONS_POSTGRES);
    },
  },
  {
    version: 5,
    name: 'release refusals summed per minute',
    async up(client) {
      await client.query(RELEASE_REFUSAL_MINUTES_POSTGRES);
    },
  },
  {
    version: 6,
    name: 'view tokens used',
    async up(client) {
      await client.query(RELEASE_HEALTH_TOKENS_POSTGRES);
    },
  },
  {
    version: 7,
    name: 'canary steps',
    async up(client) {
      await client.query(RELEASE_CANARY_PLAN_POSTGRES);
    },
  },
  {
    version: 8,
    name: 'core web vitals per release',
    async up(client) {
      await client.query(RELEASE_VITALS_POSTGRES);
    },
  },
];

export function migratePostgres(pool: pg.Pool): Promise<number[]> {
  return runPostgresMigrations(pool, {
    list: postgresMigrations,
    lockKey: MIGRATION_LOCK,
    context: undefined,
    table: MIGRATION_TABLE,
  });
}

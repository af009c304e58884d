/** `npm run db:migrate`: the pending numbered migrations of the configured engine, applied now. */
import { createPool, describePostgresUrl } from 'service-kit/postgres';
import { openDatabase } from 'service-kit/sqlite';
import { migratePostgres } from './postgres/migrations';
import { migrate } from './sqlite/migrations';
import type { StorageConfig } from './storage';

export interface MigrationReport {
  description: string;
  /** Versions applied by this run, in order (empty when the database was up to date). */
  applied: number[];
  /** The newest version the database is at now. */
  latest: number;
}

/** `seed: false` creates empty tables (a target for the SQLite → PostgreSQL copy). */
export async function migrateDatabase(config: StorageConfig, { seed }: { seed: boolean }): Promise<MigrationReport> {
  if (config.databaseUrl) {
    const pool = createPool(config.databaseUrl, 2);
    try {
      const applied = await migratePostgres(pool, { seed });
      const { rows } = await pool.query<{ latest: number }>('SELECT MAX(version) AS latest FROM schema_migrations');
      return { description: describePostgresUrl(config.databaseUrl), applied, latest: rows[0]?.latest ?? 0 };
    } finally {
      await pool.end();
    }
  }
  const db = openDatabase(config.databasePath);
  try {
    const applied = migrate(db, { seed });
    const latest = db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get() as number;
    return { description: config.databasePath, applied, latest };
  } finally {
    db.close();
  }
}

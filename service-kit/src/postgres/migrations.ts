/**
 * Numbered migrations for PostgreSQL: each applied once, in its own transaction, under an advisory
 * lock, so several instances starting at once apply each migration exactly once. A service passes
 * its own list, lock key and record table, so two services' migrations never mistake each other's
 * versions even in one database.
 */
import type pg from 'pg';
import { inTransaction } from './pool';

export interface PostgresMigration<Context = void> {
  version: number;
  name: string;
  up(client: pg.PoolClient, context: Context): Promise<void>;
}

/** The shared rate-limit counters (rateLimitStore.ts). */
export const RATE_LIMITS_POSTGRES =
  // UNLOGGED: counters are not worth a WAL write per request, and losing them in a crash is harmless.
  `CREATE UNLOGGED TABLE rate_limits (
     key TEXT PRIMARY KEY,
     hits INT NOT NULL,
     expires_at TIMESTAMPTZ NOT NULL);
   CREATE INDEX rate_limits_expiry ON rate_limits (expires_at);`;

/** Applies the migrations not yet recorded, in version order; returns the versions applied now. */
export async function runPostgresMigrations<Context>(
  pool: pg.Pool,
  {
    list,
    lockKey,
    context,
    table = 'schema_migrations',
  }: { list: readonly PostgresMigration<Context>[]; lockKey: number; context: Context; table?: string },
): Promise<number[]> {
  const applied: number[] = [];
  for (const migration of [...list].sort((a, b) => a.version - b.version)) {
    const ran = await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey]);
      await client.query(`CREATE TABLE IF NOT EXISTS ${table} (
                            version INT PRIMARY KEY,
                            name TEXT NOT NULL,
                            applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
      const done = await client.query(`SELECT 1 FROM ${table} WHERE version = $1`, [migration.version]);
      if (done.rowCount) return false; // applied earlier, or by another instance while this one waited
      await migration.up(client, context);
      await client.query(`INSERT INTO ${table} (version, name) VALUES ($1, $2)`, [migration.version, migration.name]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
}

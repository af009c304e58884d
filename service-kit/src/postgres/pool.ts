/** node-postgres pool and transaction helper shared by the PostgreSQL engine's modules. */
import pg from 'pg';

export type Queryable = pg.Pool | pg.PoolClient;

/**
 * int8 (ids, counters) as numbers: every id the service hands out or accepts is a safe integer
 * (the routes refuse anything longer than 16 digits), so nothing is rounded.
 */
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** `application_name` names the service in pg_stat_activity. */
export function createPool(url: string, max: number, application_name = 'ai-manabi'): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max,
    types: typeParsers,
    // Fail fast when the database is unreachable instead of queueing requests forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name,
  });
}

/** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError; // the connection is unusable: the pool must not hand it out again
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** `$1, $2, …` for `count` parameters starting at `from`. */
export function placeholders(count: number, from = 1): string {
  return Array.from({ length: count }, (_, index) => `$${from + index}`).join(', ');
}

/** host:port/database of a postgres:// URL, without user or password. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL ${parsed.host}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

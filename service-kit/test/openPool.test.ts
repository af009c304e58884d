/**
 * A service's pool when PostgreSQL drops its connections (a restart, a failover, an operator's
 * pg_terminate_backend): whether the connection was idle in the pool or checked out between two
 * queries of a request, the process stays up, the request in hand gets an error it can answer
 * with, and the next query gets a new connection.
 */
import pg from 'pg';
import { openMigratedPool } from 'service-kit/postgres';
import { type PostgresServer, startPostgres } from 'service-kit/testing';
import { paced } from 'service-kit/testing/pace';

let server: PostgresServer;
let pool: pg.Pool;
/** A session outside the pool, as an operator's. */
let operator: pg.Client;
const warnings: unknown[][] = [];
let onWarning = () => {};

beforeAll(async () => {
  server = await startPostgres();
  pool = await openMigratedPool(
    {
      url: server.url(),
      poolMax: 2,
      name: 'open-pool-test',
      log: {
        warn: (...args: unknown[]) => {
          warnings.push(args);
          onWarning();
        },
      },
    },
    async () => [],
  );
  operator = new pg.Client({ connectionString: server.url() });
  await operator.connect();
}, paced(60_000));
afterAll(async () => {
  await operator?.end();
  await pool?.end();
  await server?.stop();
});

const backendOf = async (client: pg.PoolClient) =>
  (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

/** Ends a pooled session's backend from outside, as a server shutting down does. */
async function terminate(pid: number): Promise<void> {
  await operator.query('SELECT pg_terminate_backend($1)', [pid]);
}

it('keeps the process up when a checked-out connection is dropped between two queries', async () => {
  const client = await pool.connect();
  const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
  // Without a listener of its own, the client's 'error' event here is an uncaught exception: the
  // whole instance (every request it holds) would die of one dropped connection.
  await terminate(await backendOf(client));
  await ended;
  await expect(client.query('SELECT 1')).rejects.toThrow();
  client.release(true);

  const { rows } = await pool.query<{ answer: number }>('SELECT 42 AS answer');
  expect(rows).toEqual([{ answer: 42 }]);
});

it('discards an idle connection the server dropped, with a warning, and opens a new one', async () => {
  const client = await pool.connect();
  const pid = await backendOf(client);
  client.release();
  const warned = new Promise<void>((resolve) => (onWarning = resolve));
  await terminate(pid);
  await warned;
  expect(warnings).toEqual([[{ err: expect.any(Error) }, 'idle PostgreSQL connection lost']]);

  const next = await pool.connect();
  expect(await backendOf(next)).not.toBe(pid);
  next.release();
});

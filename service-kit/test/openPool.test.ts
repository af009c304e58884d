/**
 * A service's pool when PostgreSQL drops its connections (a restart, a failover, an operator's
 * pg_terminate_backend): whether the connection was idle in the pool or checked out between two
 * queries of a request, the process stays up, the request in hand gets an error it can answer
 * with, and the next query gets a new connection.
 */
import net from 'node:net';
import pg from 'pg';
import { openMigratedPool } from 'service-kit/postgres';
import { freePort, type PostgresServer, startPostgres } from 'service-kit/testing';
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

describe('a service that starts before its database answers', () => {
  const servers: net.Server[] = [];
  const pools: pg.Pool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((opened) => opened.end()));
    await Promise.all(servers.map((proxy) => new Promise((resolve) => proxy.close(resolve))));
  });

  /** The database at `port` from now on, as PostgreSQL is once it has started (a TCP relay). */
  function databaseAppearsAt(port: number): void {
    const target = Number(new URL(server.url()).port);
    const relay = net.createServer((socket) => {
      const upstream = net.connect(target, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    relay.listen(port, '127.0.0.1');
    servers.push(relay);
  }

  const urlAt = (port: number, database = 'postgres') =>
    server.url(database).replace(`:${new URL(server.url()).port}/`, `:${port}/`);

  it('waits, with a warning each time, and migrates once the database is there', async () => {
    const port = await freePort();
    const waits: string[] = [];
    const migrate = jest.fn(async (opened: pg.Pool) => (await opened.query('SELECT 1 AS one')).rows);
    const opened = await openMigratedPool(
      {
        url: urlAt(port),
        poolMax: 1,
        name: 'waiting-test',
        startupWaitMs: paced(30_000),
        log: {
          warn: (details: unknown, message?: string) => {
            waits.push(`${(details as { err: { code?: string } }).err.code}: ${message}`);
            if (waits.length === 2) databaseAppearsAt(port);
          },
        },
      },
      migrate,
    );
    pools.push(opened);
    expect(waits).toEqual([
      'ECONNREFUSED: PostgreSQL not reachable yet; trying again in 250 ms',
      'ECONNREFUSED: PostgreSQL not reachable yet; trying again in 500 ms',
    ]);
    expect(migrate).toHaveBeenCalledTimes(1);
    expect((await opened.query<{ answer: number }>('SELECT 42 AS answer')).rows).toEqual([{ answer: 42 }]);
  });

  it('fails at once on what waiting cannot mend: a database that does not exist', async () => {
    const warn = jest.fn();
    const migrate = jest.fn();
    const started = Date.now();
    await expect(
      openMigratedPool(
        { url: server.url('no_such_database'), poolMax: 1, name: 'missing-test', log: { warn } },
        migrate,
      ),
    ).rejects.toMatchObject({ code: '3D000' });
    expect(Date.now() - started).toBeLessThan(paced(5_000));
    expect(warn).not.toHaveBeenCalled();
    expect(migrate).not.toHaveBeenCalled();
  });

  it('gives up after its wait with the last error, migrating nothing', async () => {
    const port = await freePort();
    const warn = jest.fn();
    const migrate = jest.fn();
    await expect(
      openMigratedPool(
        { url: urlAt(port), poolMax: 1, name: 'gone-test', log: { warn }, startupWaitMs: 1_000 },
        migrate,
      ),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(warn).toHaveBeenCalled();
    expect(migrate).not.toHaveBeenCalled();
  });
});

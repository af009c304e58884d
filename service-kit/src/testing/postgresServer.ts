/**
 * A throw-away PostgreSQL server from Debian's `postgresql` package: `initdb` into a temporary
 * directory, `postgres` on a free loopback port with its socket in that directory, removed when
 * stopped. Used by the Postgres test project (jest/postgresGlobalSetup.ts) and `npm run bench`.
 * Without the binaries it throws with the install command: a Postgres test never passes silently.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './freePort';
import { paced } from './pace';

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  port: number;
  stop(): Promise<void>;
  /**
   * A fast shutdown, then `whileDown` (what a test checks while the database is gone), then the
   * same server again on the same port and data, resolved once it accepts connections.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
}

export const POSTGRES_INSTALL_HINT =
  'PostgreSQL server binaries were not found. Install them with `apt-get update && apt-get install -y postgresql` ' +
  '(Debian; CI does this in .ci/run) or set POSTGRES_BIN to the directory holding initdb and postgres.';

/**
 * The bin directory of the newest installed server (Debian keeps them off PATH), or POSTGRES_BIN.
 * @throws with the install command when there is none
 */
export function findPostgresBin({ env = process.env, debianRoot = '/usr/lib/postgresql' } = {}): string {
  const candidates: string[] = [];
  if (env.POSTGRES_BIN) candidates.push(env.POSTGRES_BIN);
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debianRoot, version, 'bin')));
  }
  const found = candidates.find(
    (dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres')),
  );
  if (!found) throw new Error(POSTGRES_INSTALL_HINT);
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** initdb and postgres refuse to run as root: as root, run them as the package's `postgres` user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/**
 * Ready when a query answers: the postmaster accepts TCP while it is still starting up or
 * recovering after a restart, and refuses a session then ("the database system is starting up").
 */
async function accepting(port: number): Promise<boolean> {
  const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface StartOptions {
  /**
   * Off by default for tests: they kill API instances, never PostgreSQL itself, so flushing to disk
   * only costs time. The benchmark keeps the production default (on).
   */
  fsync?: boolean;
  timeoutMs?: number;
}

export async function startPostgres({ fsync = false, timeoutMs = 30_000 }: StartOptions = {}): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-'));
  const dataDir = path.join(dir, 'data');
  if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);

  const [initdb, initdbArgs] = asServerUser(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  try {
    execFileSync(initdb, initdbArgs, { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`initdb failed:\n${output}`);
  }

  const port = await freePort();
  const settings = [
    `listen_addresses=127.0.0.1`,
    `unix_socket_directories=${dir}`,
    `max_connections=200`,
    `fsync=${fsync ? 'on' : 'off'}`,
    ...(fsync ? [] : ['full_page_writes=off']),
  ];
  const [command, args] = asServerUser(path.join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    ...settings.flatMap((setting) => ['-c', setting]),
  ]);

  /** The postmaster on `port` over `dataDir`, resolved once it accepts connections. */
  const launch = async () => {
    const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const shutDown = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGINT is a "fast" shutdown (open transactions rolled back). It goes to the postmaster itself:
      // runuser, when in between, does not pass it on.
      if (!signalPostmaster(dataDir, 'SIGINT')) child.kill('SIGINT');
      const forceKill = setTimeout(() => {
        signalPostmaster(dataDir, 'SIGKILL');
        child.kill('SIGKILL');
      }, 10_000);
      await exited;
      clearTimeout(forceKill);
    };
    const startedAt = Date.now();
    while (!(await accepting(port))) {
      if (child.exitCode !== null || Date.now() - startedAt > paced(timeoutMs)) {
        await shutDown();
        throw new Error(`PostgreSQL did not start on port ${port}:\n${output}`);
      }
      await sleep(100);
    }
    return shutDown;
  };

  let shutDown = async () => {};
  const stop = async () => {
    await shutDown();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    shutDown = await launch();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    async restart(whileDown = async () => {}) {
      await shutDown();
      try {
        await whileDown();
      } finally {
        shutDown = await launch();
      }
    },
  };
}

function signalPostmaster(dataDir: string, signal: NodeJS.Signals): boolean {
  try {
    process.kill(Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]), signal);
    return true;
  } catch {
    return false;
  }
}

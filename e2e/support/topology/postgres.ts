// A throw-away PostgreSQL for the topology: initdb into a temporary folder, then pg_ctl, which
// returns once the server accepts connections (so the APIs never meet "the database system is
// starting up"). The API's own helper (article-api/test/support/postgresServer.ts) does the same
// for the API's tests, but the import boundaries keep e2e/ out of article-api/ (README "Lint and
// import boundaries"), and this one needs little: no fsync (the test kills web servers, never
// the database), stopped with `-m immediate` because nothing in it is worth a clean shutdown.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from 'local-stack/processes.mjs';
import { paced } from '../pace';

export interface Postgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** A new empty database on the same server (a service's own); its URL. */
  createDatabase(name: string): string;
  stop(): void;
}

/** The newest Debian server (its binaries are kept off PATH), or POSTGRES_BIN. */
function postgresBin(): string {
  const debianRoot = '/usr/lib/postgresql';
  const candidates = [
    ...(process.env.POSTGRES_BIN ? [process.env.POSTGRES_BIN] : []),
    ...(fs.existsSync(debianRoot)
      ? fs
          .readdirSync(debianRoot)
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => path.join(debianRoot, version, 'bin'))
      : []),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'pg_ctl')));
  if (!found) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (.ci/run does this)');
  return found;
}

/** initdb and postgres refuse to run as root: as root, run them as the package's `postgres` user. */
function run(command: string, args: string[]): void {
  const [file, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: 'pipe', timeout: paced(60_000) });
}

export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'topology-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, 0);
  }
  const dataDir = path.join(dir, 'data');
  const port: number = await freePort();
  const settings = [
    'listen_addresses=127.0.0.1',
    `unix_socket_directories=${dir}`,
    'max_connections=100',
    'fsync=off',
    'full_page_writes=off',
    'synchronous_commit=off',
  ];
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        run(path.join(bin, 'pg_ctl'), ['stop', '-s', '-D', dataDir, '-m', 'immediate']);
      } catch {
        // already gone
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // pg_ctl leaves the server running on its own: stop it with the worker, however that ends.
  process.once('exit', stop);
  try {
    run(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    started = true;
    run(path.join(bin, 'pg_ctl'), [
      'start',
      '-w',
      '-s',
      '-t',
      '60',
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'postgres.log'),
      '-o',
      [`-p ${port}`, ...settings.map((setting) => `-c ${setting}`)].join(' '),
    ]);
  } catch (error) {
    const log = fs.existsSync(path.join(dir, 'postgres.log'))
      ? fs.readFileSync(path.join(dir, 'postgres.log'), 'utf8')
      : '';
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    stop();
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${stderr}\n${log}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    createDatabase(name) {
      run(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop,
  };
}

// The article API on PostgreSQL behind two stateless instances: a throw-away server from Debian's
// package (fsync on, as in production), two API processes on one database, and the fixed-rate
// load split between them (each gets every other request's worth: half the rate). The figures are
// those of the slower instance, so the pair's p99 is never flattered. Runs inside `npm run bench`,
// or alone: `npx tsx tooling/bench/apiPostgres.ts [--quick]`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { findPostgresBin, type PostgresServer, startPostgres } from 'service-kit/testing';
import { repoRoot } from 'local-stack/apps.mjs';
import { freePort } from 'local-stack/processes.mjs';
import { loadTestPair, type ApiFigures } from './api';

/**
 * One API instance as a child process (`tsx src/server.ts` of the checkout at `root`), ready when
 * /api/health answers. `database`: DATABASE_URL (PostgreSQL) or DATABASE_PATH (SQLite).
 */
export async function startInstance(
  port: number,
  database: Record<string, string>,
  root = repoRoot,
): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', // public reads never ask it
    LOG_LEVEL: 'warn',
    ...database,
  };
  // The other engine's setting, if the caller's environment has one, would win over ours.
  if (!('DATABASE_URL' in database)) delete env.DATABASE_URL;
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server.ts'], {
    cwd: path.join(root, 'article-api'),
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let waited = 0; waited < 60_000; waited += 200) {
    if (child.exitCode !== null) throw new Error(`article-api exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`article-api did not answer on ${port}:\n${output}`);
}

export function stopInstance(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** An empty database `name` on the server. */
export function createDatabase(postgres: PostgresServer, name: string): void {
  const url = new URL(postgres.url());
  execFileSync(path.join(findPostgresBin(), 'createdb'), ['-h', url.hostname, '-p', url.port, '-U', 'postgres', name]);
}

/** The newest article's slug (the API lists newest first), as the bench's article route asks for. */
export async function newestSlug(port: number): Promise<string> {
  const list = await (await fetch(`http://127.0.0.1:${port}/api/articles`)).json();
  return (list as { slug: string }[])[0]!.slug;
}

export interface PostgresApiFigures {
  'GET /api/articles (2 instances, PostgreSQL)': ApiFigures;
  'GET /api/articles/slug/:slug (2 instances, PostgreSQL)': ApiFigures;
}

export async function measurePostgresApi({ runs = 3, seconds = 10 } = {}): Promise<PostgresApiFigures> {
  const postgres = await startPostgres({ fsync: true });
  const instances: ChildProcess[] = [];
  try {
    createDatabase(postgres, 'bench');
    const ports = [await freePort(), await freePort()];
    // One after the other: the first applies the migrations, the second finds them done.
    for (const port of ports) instances.push(await startInstance(port, { DATABASE_URL: postgres.url('bench') }));
    const slug = await newestSlug(ports[0]!);
    const at = (route: string) => ports.map((port) => `http://127.0.0.1:${port}${route}`);
    return {
      'GET /api/articles (2 instances, PostgreSQL)': await loadTestPair(at('/api/articles'), { runs, seconds }),
      'GET /api/articles/slug/:slug (2 instances, PostgreSQL)': await loadTestPair(at(`/api/articles/slug/${slug}`), {
        runs,
        seconds,
      }),
    };
  } finally {
    await Promise.all(instances.map(stopInstance));
    await postgres.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const quick = process.argv.includes('--quick');
  measurePostgresApi({ runs: quick ? 1 : 3 }).then(
    (figures) => {
      console.table(
        Object.entries(figures).map(([route, f]) => ({
          route,
          'req/s': Math.round(f.requestsPerSecond),
          p50: `${f.p50Ms} ms`,
          p99: `${f.p99Ms} ms`,
          errors: f.errors,
        })),
      );
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

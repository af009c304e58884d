// Every page view of every visitor ends in a health report (docs/canary-releases.md): the release
// service as deployed takes them at the rate of a busy site. One PostgreSQL (fsync on, as in
// production), two release-service instances on it (the fault tests' child processes, behind a
// trusted proxy as nginx would be), and an open-loop load (healthReportsLoad.ts, its own process)
// of `rate` reports a second for `seconds`, split in turn over both instances: each report carries
// a valid view token (minted with the services' key), one of rate × seconds / 2 distinct tokens (a
// page's two beacons), from one of 1,000 addresses, from the site's origin. After the load: what
// was counted, the rows it left, and the CPU-seconds each process used.
// Runs inside `npm run bench -- --only=health-reports`, or alone:
//   flock /tmp/e2e.lock npx tsx tooling/bench/healthReports.ts [--seconds=30] [--rate=1000] [--cpu-prof=<dir>]
import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { findPostgresBin, type PostgresServer, startPostgres } from 'service-kit/testing';
import { freePort } from 'local-stack/processes.mjs';
import { startServiceInstances } from 'release-tooling/test/faults/serviceInstances';
import { cpuMeter, cpuPressureMeter, postmasterPid, runDelayMeter } from './cpuTime';
import type { LoadFigures, LoadPlan } from './healthReportsLoad';

const SITE_ORIGIN = 'http://localhost:3000';

export interface HealthReportFigures {
  rate: number;
  seconds: number;
  load: Omit<LoadFigures, 'cpuSeconds' | 'runDelaySeconds'>;
  /** CPU-seconds over the load: each instance, PostgreSQL (all its processes), the load generator */
  cpuSeconds: Record<string, number>;
  /** seconds the same processes were ready to run but waited for a core (the machine's other load) */
  runDelaySeconds: Record<string, number>;
  /** share of the load's time (%) during which some task of the machine waited for a core, or null */
  cpuPressure: number | null;
  /** rows after the load, and the views they hold */
  rows: {
    releaseHealth: number;
    releaseHealthTokens: number;
    /** the tokens table with its index, bytes */
    releaseHealthTokensBytes: number;
    viewsCounted: number;
    failuresCounted: number;
  };
}

/** One value from the database (psql: no client library for a few counts). */
function query(postgres: PostgresServer, sql: string): number {
  const url = new URL(postgres.url());
  const psql = path.join(findPostgresBin(), 'psql');
  const out = execFileSync(psql, ['-h', url.hostname, '-p', url.port, '-U', 'postgres', '-tAc', sql]);
  return Number(out.toString().trim());
}

/**
 * @param cpuProfileDir  when set, each instance writes a V8 CPU profile there when it stops (cpuProfile.cjs):
 *   where an instance's CPU-seconds went, function by function (open it in Chrome DevTools)
 */
export async function measureHealthReports({
  rate = 1000,
  seconds = 30,
  cpuProfileDir = '',
} = {}): Promise<HealthReportFigures> {
  const postgres = await startPostgres({ fsync: true });
  let services: Awaited<ReturnType<typeof startServiceInstances>> | undefined;
  try {
    const ports = [await freePort(), await freePort()];
    services = await startServiceInstances(ports, {
      DATABASE_URL: postgres.url(),
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', // anonymous reports never ask it
      TRUST_PROXY: '1',
      CORS_ORIGINS: SITE_ORIGIN,
      LOG_LEVEL: 'warn',
      // Node refuses --cpu-prof in NODE_OPTIONS: a preloaded inspector session does the same.
      ...(cpuProfileDir
        ? {
            NODE_OPTIONS: `--require=${path.join(__dirname, 'cpuProfile.cjs')}`,
            BENCH_CPU_PROFILE_DIR: path.resolve(cpuProfileDir),
          }
        : {}),
    });
    await services.ready();
    const plan: LoadPlan = {
      targets: ports.map((port) => `http://127.0.0.1:${port}`),
      rate,
      seconds,
      remote: 'public_site',
      // No release live: every view counts for the deployed build, whatever its manifest.
      manifest: `${SITE_ORIGIN}/remotes/public-site/mf-manifest.json`,
      origin: SITE_ORIGIN,
      tokens: Math.ceil((rate * seconds) / 2),
      addresses: 1000,
      failureEvery: 50,
      warmupSeconds: 5,
    };
    const postmaster = postmasterPid(postgres.port);
    const processes = {
      ...Object.fromEntries(services.instances.map((instance, i) => [`instance ${i + 1}`, instance.pid()!])),
      ...(postmaster ? { PostgreSQL: postmaster } : {}),
    };
    const [meter, waits, pressure] = [cpuMeter(processes), runDelayMeter(processes), cpuPressureMeter()];
    const generating = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'healthReportsLoad.ts'), JSON.stringify(plan)],
      { maxBuffer: 1 << 20 },
    );
    const { stdout } = await generating;
    const last = JSON.parse(stdout.trim().split('\n').pop()!) as LoadFigures;
    const { cpuSeconds: generator, runDelaySeconds: generatorWaited, ...load } = last;
    const cpuSeconds = { ...meter.since(), 'load generator': generator };
    const runDelaySeconds = { ...waits.since(), 'load generator': generatorWaited };
    const cpuPressure = pressure.since();
    const rows = {
      releaseHealth: query(postgres, 'SELECT count(*) FROM release_health'),
      releaseHealthTokens: query(postgres, 'SELECT count(*) FROM release_health_tokens'),
      releaseHealthTokensBytes: query(postgres, "SELECT pg_total_relation_size('release_health_tokens')"),
      viewsCounted: query(postgres, 'SELECT COALESCE(sum(views), 0) FROM release_health'),
      failuresCounted: query(postgres, 'SELECT COALESCE(sum(render_crashes), 0) FROM release_health'),
    };
    return { rate, seconds, load, cpuSeconds, runDelaySeconds, cpuPressure, rows };
  } finally {
    await services?.stop();
    await postgres.stop();
  }
}

/** The bar (issue 42): the rate achieved with 0 errors and p99 ≤ 20 ms. */
export const healthReportsBarMet = (f: HealthReportFigures) =>
  f.load.errors === 0 && f.load.p99Ms <= 20 && f.load.achievedPerSecond >= f.rate * 0.99;

export function reportHealthReports(f: HealthReportFigures) {
  const { load, rows } = f;
  console.log(
    `Health reports: ${f.rate}/s for ${f.seconds} s, open loop, over two release-service instances on PostgreSQL ` +
      `(bar: 0 errors, p99 ≤ 20 ms): ${healthReportsBarMet(f) ? 'met' : 'missed'}`,
  );
  console.table([
    {
      sent: load.sent,
      'answered/s': load.achievedPerSecond,
      errors: load.errors,
      p50: `${load.p50Ms} ms`,
      p99: `${load.p99Ms} ms`,
      max: `${load.maxMs} ms`,
      'p99 per instance': load.perTarget.map((t) => `${t.p99Ms} ms`).join(' · '),
      'warm-up errors': load.warmupErrors,
      'views counted': `${rows.viewsCounted} of ${load.views}`,
      'rows: release_health · tokens': `${rows.releaseHealth} · ${rows.releaseHealthTokens}`,
      'tokens table': `${Math.round(rows.releaseHealthTokensBytes / 1024)} KiB`,
    },
  ]);
  const perProcess = (seconds: Record<string, number>) =>
    Object.entries(seconds)
      .map(([name, value]) => `${name} ${value}`)
      .join(', ');
  console.log(`CPU-seconds over the load: ${perProcess(f.cpuSeconds)}`);
  console.log(
    `Seconds waiting for a core: ${perProcess(f.runDelaySeconds)}; ` +
      `CPU pressure (some task waiting): ${f.cpuPressure ?? '?'} % of the time`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const option = (name: string, fallback: number) =>
    Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const cpuProfileDir = process.argv.find((arg) => arg.startsWith('--cpu-prof='))?.split('=')[1];
  measureHealthReports({ rate: option('rate', 1000), seconds: option('seconds', 30), cpuProfileDir }).then(
    (figures) => {
      console.log(JSON.stringify(figures, null, 2));
      reportHealthReports(figures);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

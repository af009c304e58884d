// The article API bench of two checkouts in one run: is a change to the API (its storage, say)
// within 10 % of the code before it? The same loads as `--only=api,api-postgres` (1,000 requests/s
// for 10 s: SQLite on one instance, PostgreSQL on two sharing the load), run on this checkout
// ("after") and another ("before", its own `npm install` done), interleaved: each round measures
// both, in turns that alternate which goes first, so the machine's load drifts over both alike.
// Each figure is the median over the rounds, beside the API processes' CPU-seconds under each load
// (what the requests cost: steadier than latency on a shared machine). One PostgreSQL server
// (fsync on) for the whole run, a database per checkout.
//   git worktree add --detach ../before <commit> && (cd ../before && npm install)
//   flock /tmp/e2e.lock npx tsx tooling/bench/apiCompare.ts --before=../before [--rounds=5]
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from 'service-kit/testing';
import { repoRoot } from 'local-stack/apps.mjs';
import { freePort } from 'local-stack/processes.mjs';
import { type ApiFigures, loadTest, loadTestPair } from './api';
import { createDatabase, newestSlug, startInstance, stopInstance } from './apiPostgres';
import { cpuMeter } from './cpuTime';
import { median } from './stats';

const ROUTES = { list: '/api/articles', article: '/api/articles/slug/{slug}' } as const;
type Engine = 'SQLite' | 'PostgreSQL (2 instances)';
type Side = 'before' | 'after';
type Sample = ApiFigures & { cpuSeconds: number };
/** One sample per route; keyed `${side} ${engine} ${route}`. */
type Samples = Map<string, Sample[]>;

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];

/** Starts the instances, loads both routes once (rate split over the instances), stops them. */
async function measureOnce(root: string, databases: Record<string, string>[], seconds: number) {
  const ports = await Promise.all(databases.map(() => freePort()));
  const instances: ChildProcess[] = [];
  try {
    // One after the other: the first applies the migrations (and seeds), the next finds them done.
    for (const [i, port] of ports.entries()) instances.push(await startInstance(port, databases[i]!, root));
    const slug = await newestSlug(ports[0]!);
    const figures: Record<string, Sample> = {};
    for (const [name, route] of Object.entries(ROUTES)) {
      const urls = ports.map((port) => `http://127.0.0.1:${port}${route.replace('{slug}', slug)}`);
      // The API's CPU-seconds under the fixed load: what a request costs, far steadier than its
      // latency on a machine shared with other work.
      const meter = cpuMeter(Object.fromEntries(instances.map((child, i) => [i, child.pid!])));
      const load =
        urls.length === 1
          ? await loadTest(urls[0]!, { runs: 1, seconds })
          : await loadTestPair(urls, { runs: 1, seconds });
      const cpuSeconds = Object.values(meter.since()).reduce((sum, each) => sum + each, 0);
      figures[name] = { ...load, cpuSeconds: Math.round(cpuSeconds * 100) / 100 };
    }
    return figures;
  } finally {
    await Promise.all(instances.map(stopInstance));
  }
}

const summary = (samples: Sample[]) => ({
  requestsPerSecond: Math.round(median(samples.map((s) => s.requestsPerSecond))),
  p50Ms: median(samples.map((s) => s.p50Ms)),
  p99Ms: median(samples.map((s) => s.p99Ms)),
  errors: samples.reduce((sum, s) => sum + s.errors, 0),
  p99Runs: samples.map((s) => s.p99Ms),
  cpuSeconds: median(samples.map((s) => s.cpuSeconds)),
});

async function main() {
  const beforeArg = argument('before');
  if (!beforeArg) {
    console.error('usage: npx tsx tooling/bench/apiCompare.ts --before=<checkout> [--rounds=5] [--seconds=10]');
    process.exit(2);
  }
  const roots: Record<Side, string> = { before: path.resolve(beforeArg), after: repoRoot };
  if (!fs.existsSync(path.join(roots.before, 'node_modules/.bin/tsx'))) {
    console.error(`${roots.before}: no node_modules/.bin/tsx (run npm install there first)`);
    process.exit(2);
  }
  const rounds = Number(argument('rounds') ?? 5);
  const seconds = Number(argument('seconds') ?? 10);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-compare-'));
  const postgres = await startPostgres({ fsync: true });
  const samples: Samples = new Map();
  try {
    for (const side of ['before', 'after'] as const) createDatabase(postgres, `bench_${side}`);
    for (let round = 0; round < rounds; round++) {
      const sides: Side[] = round % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
      for (const side of sides) {
        const engines: Record<Engine, Record<string, string>[]> = {
          SQLite: [{ DATABASE_PATH: path.join(dataDir, `${side}.sqlite`) }],
          'PostgreSQL (2 instances)': [0, 1].map(() => ({ DATABASE_URL: postgres.url(`bench_${side}`) })),
        };
        for (const [engine, databases] of Object.entries(engines)) {
          const figures = await measureOnce(roots[side], databases, seconds);
          for (const [route, sample] of Object.entries(figures)) {
            const key = `${side} ${engine} ${route}`;
            samples.set(key, [...(samples.get(key) ?? []), sample]);
          }
          console.log(
            `round ${round + 1}/${rounds} ${side} ${engine}: p99 ${figures.list!.p99Ms} / ${figures.article!.p99Ms} ms`,
          );
        }
      }
    }
  } finally {
    await postgres.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const results = Object.fromEntries([...samples].map(([key, runs]) => [key, { ...summary(runs), runs }]));
  const rows = Object.entries(results).map(([key, s]) => ({
    figure: key,
    'req/s': s.requestsPerSecond,
    p50: `${s.p50Ms} ms`,
    p99: `${s.p99Ms} ms`,
    'p99 per round': s.p99Runs.join(' '),
    'API CPU-s': s.cpuSeconds,
    errors: s.errors,
  }));
  console.table(rows);
  const file = path.join(
    repoRoot,
    'tooling/bench/results',
    `${new Date().toISOString().replace(/[:.]/g, '-')}-api-compare.json`,
  );
  const machine = `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
  fs.writeFileSync(file, `${JSON.stringify({ before: roots.before, rounds, seconds, machine, results }, null, 2)}\n`);
  console.log(`results written to ${path.relative(repoRoot, file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

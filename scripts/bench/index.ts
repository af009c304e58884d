// `npm run bench`: production builds served as `npm start` serves them, then Lighthouse,
// page-load, sign-in and API figures (median of several runs), printed as a table and written
// to bench/results/. `npm run bench -- --quick` does one run of each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApps } from '../build.mjs';
import { repoRoot, distDir, ports, webApps } from '../lib/apps.mjs';
import { startStack } from '../lib/stack.mjs';
import { loadTest, type ApiFigures } from './api';
import { measurePostgresApi } from './apiPostgres';
import { runLighthouse, type LighthouseFigures } from './lighthouse';
import { measurePageLoad, type PageLoadFigures } from './pageLoad';
import { measureSignInToDashboard } from './signIn';
import { kb, ms } from './stats';

const quick = process.argv.includes('--quick');
const runs = quick ? 1 : 3;
const chromePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
if (!chromePath) {
  console.error('Chromium was not found: apt-get install -y chromium');
  process.exit(1);
}

const shell = `http://localhost:${ports.shell}`;
const distDirs = Object.fromEntries(webApps.map((app) => [String(app.port), distDir(app.workspace)]));

async function firstArticleSlug(): Promise<string> {
  const response = await fetch(`http://localhost:${ports.api}/api/articles`);
  const articles = (await response.json()) as { slug: string }[];
  return articles[0]!.slug;
}

async function main() {
  const timings = buildApps({ onlyStale: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-manabi-bench-'));
  const stack = await startStack({ dataDir, quiet: true });
  try {
    const slug = await firstArticleSlug();
    const pages = { '/': '/', '/articles': '/articles', '/articles/{slug}': `/articles/${slug}` };
    const lighthouse: Record<string, Record<'mobile' | 'desktop', LighthouseFigures>> = {};
    const pageLoads: Record<string, PageLoadFigures> = {};
    for (const [label, route] of Object.entries(pages)) {
      console.log(`▶ ${label}: Lighthouse mobile/desktop, page load (${runs} run${runs > 1 ? 's' : ''} each)`);
      lighthouse[label] = {
        mobile: await runLighthouse(`${shell}${route}`, 'mobile', runs, chromePath!),
        desktop: await runLighthouse(`${shell}${route}`, 'desktop', runs, chromePath!),
      };
      pageLoads[label] = await measurePageLoad(`${shell}${route}`, runs, chromePath!, distDirs);
    }
    console.log('▶ sign-in → dashboard');
    const signInToDashboardMs = await measureSignInToDashboard(`${shell}/`, runs, chromePath!);
    console.log('▶ article API under a fixed 1,000 requests/s loopback load');
    const api: Record<string, ApiFigures> = {
      'GET /api/articles': await loadTest(`http://127.0.0.1:${ports.api}/api/articles`, { runs }),
      'GET /api/articles/slug/:slug': await loadTest(`http://127.0.0.1:${ports.api}/api/articles/slug/${slug}`, {
        runs,
      }),
    };
    console.log('▶ article API on PostgreSQL, two instances, the same load split between them');
    Object.assign(api, await measurePostgresApi({ runs }));
    const results = {
      measuredAt: new Date().toISOString(),
      runs,
      machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`,
      buildTimings: timings,
      lighthouse,
      pageLoads,
      signInToDashboardMs,
      api,
    };
    report(results);
    fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    const file = path.join(repoRoot, 'bench/results', `${results.measuredAt.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    fs.writeFileSync(path.join(repoRoot, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nresults written to ${path.relative(repoRoot, file)} and bench/results/latest.json`);
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(r: {
  lighthouse: Record<string, Record<'mobile' | 'desktop', LighthouseFigures>>;
  pageLoads: Record<string, PageLoadFigures>;
  signInToDashboardMs: number;
  api: Record<string, ApiFigures>;
}) {
  console.log('\nLighthouse (median)');
  console.table(
    Object.entries(r.lighthouse).flatMap(([page, presets]) =>
      Object.entries(presets).map(([preset, f]) => ({
        page,
        preset,
        score: f.score,
        LCP: ms(f.lcpMs),
        TBT: ms(f.tbtMs),
        CLS: f.cls.toFixed(3),
        'total bytes': kb(f.totalBytes),
      })),
    ),
  );
  console.log('Page load as a first-time visitor at 375 px (median)');
  console.table(
    Object.entries(r.pageLoads).map(([page, f]) => ({
      page,
      'JS transferred (br)': kb(f.jsBytesTransferred),
      'JS gzip': kb(f.jsBytesGzip),
      requests: f.requests,
      'remotes contacted': f.remotesContacted.join(', '),
      'Firebase before interactive': f.firebaseBeforeInteractive ? 'yes' : 'no',
      'Firebase downloaded at all': f.firebaseRequested ? 'yes' : 'no',
    })),
  );
  console.log(`Sign-in complete → dashboard cards visible (median): ${ms(r.signInToDashboardMs)}`);
  console.log(
    'Article API at a fixed 1,000 requests/s, 10 s, 20 connections (median; PostgreSQL rows: 500/s to each of two instances, the slower one’s latency)',
  );
  console.table(
    Object.entries(r.api).map(([route, f]) => ({
      route,
      'req/s': Math.round(f.requestsPerSecond),
      p50: ms(f.p50Ms),
      p99: ms(f.p99Ms),
      errors: f.errors,
    })),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

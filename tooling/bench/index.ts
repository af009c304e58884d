// `npm run bench`: production builds served as `npm start` serves them, then server rendering
// (Lighthouse mobile beside each page's floor and the client-rendered "before", hydration, render
// throughput), Lighthouse desktop, page-load, sign-in and API figures (medians of several runs),
// printed as tables and written to tooling/bench/results/.
//   npm run bench -- --quick                       one run of each instead of 3
//   npm run bench -- --only=lighthouse,render-load  some parts only (re-running a noisy one)
//   npm run bench -- --only=faults                 issue 41's lost answers, 200 of each kind (no build needed)
//   npm run bench -- --only=health-reports         1,000 health reports/s into two release services (no build)
//   npm run bench -- --help                         these lines and the parts, nothing run
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApps, buildWebServer } from 'local-stack/build.mjs';
import { repoRoot, distDir, ports, webApps } from 'local-stack/apps.mjs';
import { loadTest } from './api';
import { measurePostgresApi } from './apiPostgres';
import { checkBars } from './bars';
import { startBenchStack, type BenchStack } from './benchStack';
import { compareWithFloors } from './floorComparison';
import { checkHydration, type HydrationFigures } from './hydration';
import { runLighthouse } from './lighthouse';
import { measurePageLoad } from './pageLoad';
import { measureCanary } from './canary';
import { measureFaults } from './faults';
import { measureHealthReports } from './healthReports';
import { registryLoad, renderLoad } from './renderLoad';
import { measureTopology } from './topology';
import { report, type BenchResults } from './report';
import { measureSignInToDashboard } from './signIn';
import { japaneseSystemFont, MISSING_JAPANESE_FONT_WARNING } from './systemFonts';

const PARTS = [
  'lighthouse',
  'hydration',
  'render-load',
  'canary',
  'topology',
  'desktop',
  'page-load',
  'sign-in',
  'api',
  'api-postgres',
  'faults',
  'health-reports',
] as const;
type Part = (typeof PARTS)[number];
/** Parts that start everything they measure: run alone, no build and no bench stack. */
const STANDALONE_PARTS: readonly Part[] = ['faults', 'health-reports'];

if (process.argv.includes('--help')) {
  console.log(
    [
      'npm run bench -- [--quick] [--only=<part>,...]  (docs/performance.md)',
      '  --quick          one run of each figure instead of 3',
      `  --only=<parts>   some parts only: ${PARTS.join(', ')}`,
    ].join('\n'),
  );
  process.exit(0);
}
const quick = process.argv.includes('--quick');
const runs = quick ? 1 : 3;
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const unknownPart = only?.find((part) => !(PARTS as readonly string[]).includes(part));
if (unknownPart) {
  console.error(`--only: unknown part ${unknownPart} (parts: ${PARTS.join(', ')})`);
  process.exit(1);
}
const parts = (only ?? PARTS) as Part[];
const needsStack = parts.some((part) => !STANDALONE_PARTS.includes(part));
const chromePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
if (!chromePath && needsStack) {
  console.error('Chromium was not found: apt-get install -y chromium');
  process.exit(1);
}

const resultsDir = path.join(repoRoot, 'tooling/bench/results');
const distDirs = Object.fromEntries(webApps.map((app) => [String(app.port), distDir(app.workspace)]));

/** The API lists articles newest first. */
async function newestArticleSlug(): Promise<string> {
  const response = await fetch(`http://localhost:${ports.api}/api/articles`);
  const articles = (await response.json()) as { slug: string }[];
  return articles[0]!.slug;
}

async function measure(results: BenchResults, stack: BenchStack | null) {
  if (parts.includes('faults')) {
    console.log('▶ flips with the answer lost: proxy drop, SIGKILL after commit, client timeout (200 of each)');
    results.faults = await measureFaults();
  }
  if (parts.includes('health-reports')) {
    console.log('▶ health reports: 1,000/s, open loop, into two release-service instances on PostgreSQL');
    results.healthReports = await measureHealthReports({ seconds: quick ? 10 : 30 });
  }
  if (!stack) return;
  const { shellUrl } = stack;
  const slug = await newestArticleSlug();
  const pages = { '/': '/', '/articles': '/articles', '/articles/{slug}': `/articles/${slug}` };
  const times = `${runs} run${runs > 1 ? 's' : ''}`;
  const sr = results.serverRendering;
  if (parts.includes('lighthouse')) {
    console.log(`▶ Lighthouse mobile: server-rendered, floor, client-rendered, interleaved (${times})`);
    sr.lighthouseMobile = await compareWithFloors(stack, pages, runs, chromePath!, path.join(resultsDir, 'floors'));
  }
  if (parts.includes('hydration')) {
    console.log('▶ hydration of the server-rendered pages (first visit, light, dark)');
    const hydration: Record<string, HydrationFigures> = {};
    for (const [label, route] of Object.entries(pages))
      hydration[label] = await checkHydration(`${shellUrl}${route}`, chromePath!);
    sr.hydration = hydration;
  }
  if (parts.includes('render-load')) {
    console.log(
      `▶ server rendering of /articles/{slug}: uncached at 100 req/s, cached flat out; the registry's reads (${times})`,
    );
    const url = `http://127.0.0.1:${ports.shell}/articles/${slug}`;
    // Uncached: the shell server as shipped but without its page cache, so every request renders.
    stack.use('uncached');
    const uncached = await renderLoad(url, { connections: 10, seconds: 10, rate: 100 }, runs);
    // Not a bar: the same rate spread evenly over each second, beside autocannon's bursts.
    const paced = await renderLoad(url, { connections: 10, seconds: 10, rate: 100, paced: true }, runs);
    stack.use('server');
    const cached = await renderLoad(url, { connections: 20, seconds: 10 }, runs);
    // The same load with fixed registry lines: what reading the registry from the service costs.
    stack.use('static registry');
    const staticRegistry = await renderLoad(url, { connections: 20, seconds: 10 }, runs);
    stack.use('server');
    const registry = await registryLoad(`http://127.0.0.1:${ports.releases}/api/registry/production`, runs);
    sr.renderLoad = {
      uncached,
      'uncached, evenly paced': paced,
      cached,
      'cached, static registry': staticRegistry,
      ...registry,
    };
  }
  if (parts.includes('canary')) {
    console.log(
      `▶ a canary of public-site: cached throughput at 50 % vs none (${times}); memory over 50 start/abort cycles`,
    );
    stack.use('server');
    sr.canary = await measureCanary(
      {
        url: `http://127.0.0.1:${ports.shell}/articles/${slug}`,
        shellUrl,
        storeDir: stack.storeDir,
        apiUrl: `http://127.0.0.1:${ports.releases}/api`,
      },
      runs,
    );
  }
  if (parts.includes('topology')) {
    console.log(`▶ the production command: one instance, and two behind nginx; uncached and cached (${times})`);
    sr.topology = await measureTopology(`/articles/${slug}`, runs);
  }
  for (const [label, route] of Object.entries(pages)) {
    const mobile = sr.lighthouseMobile?.[label]?.median.server;
    if (mobile) ((results.lighthouse ??= {})[label] ??= {}).mobile = mobile;
    if (parts.includes('desktop')) {
      console.log(`▶ ${label}: Lighthouse desktop (${times})`);
      const desktop = await runLighthouse(`${shellUrl}${route}`, 'desktop', runs, chromePath!);
      ((results.lighthouse ??= {})[label] ??= {}).desktop = desktop;
    }
    if (parts.includes('page-load')) {
      console.log(`▶ ${label}: page load (${times})`);
      (results.pageLoads ??= {})[label] = await measurePageLoad(`${shellUrl}${route}`, runs, chromePath!, distDirs);
    }
  }
  if (parts.includes('sign-in')) {
    console.log('▶ sign-in → dashboard');
    results.signInToDashboardMs = await measureSignInToDashboard(`${shellUrl}/`, runs, chromePath!);
  }
  if (parts.includes('api')) {
    console.log('▶ article API under a fixed 1,000 requests/s loopback load');
    const api = `http://127.0.0.1:${ports.api}/api`;
    results.api = {
      'GET /api/articles': await loadTest(`${api}/articles`, { runs }),
      'GET /api/articles/slug/:slug': await loadTest(`${api}/articles/slug/${slug}`, { runs }),
    };
  }
  if (parts.includes('api-postgres')) {
    console.log('▶ article API on PostgreSQL, two instances, the same load split between them');
    Object.assign((results.api ??= {}), await measurePostgresApi({ runs }));
  }
}

async function main() {
  const japaneseFont = japaneseSystemFont();
  if (!japaneseFont) console.warn(`⚠ ${MISSING_JAPANESE_FONT_WARNING}`);
  if (needsStack) await buildWebServer();
  const buildTimings = needsStack ? buildApps({ onlyStale: true }) : [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-manabi-bench-'));
  const stack = needsStack ? await startBenchStack(dataDir) : null;
  try {
    const results: BenchResults = {
      measuredAt: new Date().toISOString(),
      runs,
      machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`,
      japaneseSystemFont: japaneseFont,
      parts,
      buildTimings,
      serverRendering: {},
      bars: [],
    };
    await measure(results, stack);
    const sr = results.serverRendering;
    results.bars = checkBars({
      floors: sr.lighthouseMobile,
      hydration: sr.hydration,
      renderLoad: sr.renderLoad,
      canary: sr.canary,
      topology: sr.topology,
    });
    report(results);
    const json = `${JSON.stringify(results, null, 2)}\n`;
    const suffix = only ? `-${parts.join('+')}` : '';
    const file = path.join(resultsDir, `${results.measuredAt.replace(/[:.]/g, '-')}${suffix}.json`);
    fs.writeFileSync(file, json);
    // latest.json is always a complete run.
    if (!only) fs.writeFileSync(path.join(resultsDir, 'latest.json'), json);
    console.log(
      `\nresults written to ${path.relative(repoRoot, file)}${only ? '' : ' and tooling/bench/results/latest.json'}`,
    );
  } finally {
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// The bench's figures as console tables (the JSON in tooling/bench/results/ holds the same and more).
import type { ApiFigures } from './api';
import type { BarCheck } from './bars';
import { VARIANTS, type PageComparison } from './floorComparison';
import type { HydrationFigures } from './hydration';
import { lcpOnlyRequests, type LighthouseFigures } from './lighthouseFigures';
import type { PageLoadFigures } from './pageLoad';
import type { RenderLoadFigures, RenderLoadResults } from './renderLoad';
import type { CanaryFigures } from './canary';
import type { TopologyFigures, TopologyLoadFigures } from './topology';
import { faultBarMet, type FaultRun } from './faults';
import { type HealthReportFigures, reportHealthReports } from './healthReports';
import { kb, ms } from './stats';

export interface BenchResults {
  measuredAt: string;
  runs: number;
  machine: string;
  /** The Japanese font the browser falls back to on this machine (null: none, figures skewed). */
  japaneseSystemFont: string | null;
  parts: string[];
  buildTimings: { workspace: string; seconds: number }[];
  serverRendering: {
    lighthouseMobile?: Record<string, PageComparison>;
    hydration?: Record<string, HydrationFigures>;
    renderLoad?: RenderLoadResults;
    canary?: CanaryFigures;
    topology?: TopologyFigures;
  };
  lighthouse?: Record<string, Partial<Record<'mobile' | 'desktop', LighthouseFigures>>>;
  pageLoads?: Record<string, PageLoadFigures>;
  signInToDashboardMs?: number;
  api?: Record<string, ApiFigures>;
  /** Issue 41: flips with the answer lost, per fault kind. */
  faults?: FaultRun[];
  /** Issue 42: health reports into two release-service instances on PostgreSQL. */
  healthReports?: HealthReportFigures;
  bars: BarCheck[];
}

const VARIANT_NAMES = { server: 'server-rendered', floor: 'floor (no scripts)', client: 'client-rendered (before)' };

/** The unsimulated gap: 0 ms when the LCP element painted in the first contentful frame. */
const seenGap = (f: LighthouseFigures) =>
  f.observedLcpMs === undefined || f.observedFcpMs === undefined ? '?' : ms(f.observedLcpMs - f.observedFcpMs);

/** A request's path (and host when it is another origin's), short enough for one line. */
const shortUrl = (url: string) => {
  const { host, pathname } = new URL(url);
  const path = pathname.length > 40 ? `${pathname.slice(0, 37)}...` : pathname;
  return host.startsWith('localhost') || host.startsWith('127.0.0.1') ? path : `${host}${path}`;
};

/** One row a load: throughput, latency, errors and how the pages were made. */
const loadRows = (loads: [string, RenderLoadFigures][]) =>
  loads.map(([kind, f]) => ({
    kind,
    'req/s': Math.round(f.requestsPerSecond),
    p50: ms(f.p50Ms),
    p99: ms(f.p99Ms),
    max: ms(f.maxMs),
    errors: f.errors,
    'X-Render cache': Object.entries(f.renders)
      .map(([state, count]) => `${state} ${count}`)
      .join(', '),
  }));

function reportServerRendering({
  lighthouseMobile,
  hydration,
  renderLoad,
  canary,
  topology,
}: BenchResults['serverRendering']) {
  if (lighthouseMobile) {
    console.log('\nServer rendering: Lighthouse mobile beside each page’s floor, interleaved (median)');
    console.table(
      Object.entries(lighthouseMobile).flatMap(([page, c]) =>
        VARIANTS.map((variant) => ({
          page,
          variant: VARIANT_NAMES[variant],
          score: c.median[variant].score,
          LCP: ms(c.median[variant].lcpMs),
          'LCP/floor': variant === 'floor' ? '1.00×' : `${c.lcpToFloor[variant].toFixed(2)}×`,
          TBT: ms(c.median[variant].tbtMs),
          CLS: c.median[variant].cls.toFixed(3),
          FCP: ms(c.median[variant].fcpMs),
          'LCP/FCP': `${(c.median[variant].lcpMs / c.median[variant].fcpMs).toFixed(2)}×`,
          'seen LCP − FCP': seenGap(c.median[variant]),
          'total bytes': kb(c.median[variant].totalBytes),
        })),
      ),
    );
    // Why a simulated LCP exceeds FCP when both were seen in the same frame (lighthouse.ts).
    for (const [page, c] of Object.entries(lighthouseMobile)) {
      const server = c.median.server;
      const charged = lcpOnlyRequests(server.endedBeforeLcp ?? []);
      console.log(
        `  ${page}: LCP element ${server.lcpElement ?? '?'}; charged to LCP only: ${
          charged.map((r) => `${r.resourceType} ${r.priority} ${shortUrl(r.url)}`).join(', ') || 'nothing'
        }`,
      );
    }
  }
  if (hydration) {
    console.log('Hydration of the server-rendered pages: first visit (no cookie), light, dark');
    console.table(
      Object.entries(hydration).flatMap(([page, h]) =>
        Object.entries(h.visits).map(([visitor, v]) => ({
          page,
          visitor,
          'X-Render': h.render,
          'console errors/warnings': v.consoleProblems.length,
          'server HTML replaced': v.replaced.length ? v.replaced.join(', ') : 'no (hydrated)',
          'API requests after load': v.apiRequests,
        })),
      ),
    );
    for (const [page, h] of Object.entries(hydration))
      for (const [visitor, v] of Object.entries(h.visits))
        for (const problem of v.consoleProblems) console.log(`  ${page} (${visitor}) ${problem}`);
  }
  if (renderLoad) {
    console.log('Server rendering of /articles/{slug}, loopback, Accept-Encoding as Chromium sends it');
    console.table(loadRows(Object.entries(renderLoad)));
  }
  if (canary) {
    const { memory, ...loads } = canary;
    console.log('A canary of public-site at 50 % (half the visitors on each release, both cached), and none');
    console.table(loadRows(Object.entries(loads)));
    console.log(
      `Memory over ${memory.cycles} canary start/abort cycles after ${memory.warmupCycles} not counted: ${memory.rssMb[0]} → ${memory.rssMb.at(-1)} MB RSS (last five against first five: ${memory.changePercent} %; with the warm-up: ${memory.changeWithWarmupPercent} %)`,
    );
  }
  if (topology) {
    console.log('The production command (web-server/dist/main.js): one instance, and two behind nginx');
    const loads = Object.entries(topology).flatMap(
      ([shape, byKind]: [string, TopologyFigures[keyof TopologyFigures]]) =>
        Object.entries(byKind).map(([kind, f]): [string, TopologyLoadFigures] => [`${shape}, ${kind}`, f]),
    );
    console.table(
      loadRows(loads).map((row, index) => {
        const { serverCpuMsPerRequest, cpuPressurePercent } = loads[index]![1];
        return Object.assign(row, {
          'web servers CPU/req': `${serverCpuMsPerRequest.toFixed(2)} ms`,
          'CPU pressure': cpuPressurePercent === null ? '—' : `${cpuPressurePercent} %`,
        });
      }),
    );
  }
}

function reportOtherFigures(r: BenchResults) {
  if (r.lighthouse) {
    console.log('Lighthouse, server-rendered (median)');
    console.table(
      Object.entries(r.lighthouse).flatMap(([page, presets]) =>
        Object.entries(presets).map(([preset, f]: [string, LighthouseFigures]) => ({
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
  }
  if (r.pageLoads) {
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
    for (const [page, f] of Object.entries(r.pageLoads)) {
      console.log(`Scripts of ${page} (encoded bodies, bytes)`);
      console.table(f.scripts);
    }
  }
  if (r.signInToDashboardMs !== undefined)
    console.log(`Sign-in complete → dashboard cards visible (median): ${ms(r.signInToDashboardMs)}`);
  if (r.api) {
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
}

function reportFaults(runs: FaultRun[]) {
  console.log('Flips with the answer lost, each ended by the CLI’s retry (issue 41’s bar: all 0 but the first two)');
  console.table(
    runs.map((run) => ({
      fault: run.kind,
      operations: run.operations,
      'answers lost': run.answersLost,
      s: run.seconds,
      'ids not one': run.idsNotOne,
      'unlike first outcome': run.answersUnlikeFirstOutcome,
      'decided otherwise': run.unexpectedDecisions,
      'lines naming missing files': run.linesMissingFiles,
      'folders wrong': run.foldersWrong,
      'audit rows lost': run.auditRowsLost,
      'audit rows extra': run.auditRowsExtra,
      bar: faultBarMet(run) ? 'met' : 'missed',
    })),
  );
}

export function report(r: BenchResults) {
  reportServerRendering(r.serverRendering);
  reportOtherFigures(r);
  if (r.faults) reportFaults(r.faults);
  if (r.healthReports) reportHealthReports(r.healthReports);
  if (r.bars.length) {
    console.log('Issue 12’s bar');
    console.table(
      r.bars.map((b) => ({
        bar: b.bar,
        target: b.target,
        measured: b.measured,
        result: b.met ? 'met' : `missed by ${b.missedBy}`,
      })),
    );
  }
}

// Issue 12's bar, checked against the measured figures: what is met, and what is missed by how much.
import type { PageComparison } from './floorComparison';
import type { HydrationFigures } from './hydration';
import type { RenderLoadFigures, RenderLoadResults } from './renderLoad';
import type { CanaryFigures } from './canary';
import type { TopologyFigures } from './topology';

export interface BarCheck {
  bar: string;
  target: string;
  measured: string;
  met: boolean;
  /** How far from the target, in the target's unit (0 when met). */
  missedBy: string;
}

interface Measured {
  floors?: Record<string, PageComparison>;
  hydration?: Record<string, HydrationFigures>;
  renderLoad?: RenderLoadResults;
  canary?: CanaryFigures;
  topology?: TopologyFigures;
}

const check = (
  bar: string,
  target: string,
  value: number,
  limit: number,
  direction: 'max' | 'min',
  format: (n: number) => string,
): BarCheck => {
  const met = direction === 'max' ? value <= limit : value >= limit;
  return {
    bar,
    target,
    measured: format(value),
    met,
    missedBy: met ? '' : format(Math.abs(value - limit)),
  };
};

const msText = (value: number) => `${Math.round(value)} ms`;

/** The render load's bars for one load: uncached p99 at 100 req/s, cached throughput, no errors. */
const loadChecks = (label: string, uncached: RenderLoadFigures, cached: RenderLoadFigures): BarCheck[] => [
  check(`${label}uncached render p99 at 100 req/s`, '≤ 30 ms', uncached.p99Ms, 30, 'max', msText),
  check(`${label}uncached render errors`, '0', uncached.errors, 0, 'max', String),
  check(`${label}cached req/s`, '≥ 1,000', cached.requestsPerSecond, 1000, 'min', (n) => String(Math.round(n))),
  check(`${label}cached errors`, '0', cached.errors, 0, 'max', String),
];

export function checkBars({ floors, hydration, renderLoad, canary, topology }: Measured): BarCheck[] {
  const checks: BarCheck[] = [];
  for (const [page, c] of Object.entries(floors ?? {})) {
    const f = c.median.server;
    checks.push(
      check(`${page} Lighthouse mobile`, '≥ 95', f.score, 95, 'min', String),
      check(`${page} LCP / floor`, '≤ 1.15×', c.lcpToFloor.server, 1.15, 'max', (n) => `${n.toFixed(2)}×`),
      check(`${page} TBT`, '≤ 150 ms', f.tbtMs, 150, 'max', msText),
      check(`${page} CLS`, '≤ 0.02', f.cls, 0.02, 'max', (n) => n.toFixed(3)),
    );
  }
  for (const [page, h] of Object.entries(hydration ?? {})) {
    checks.push(
      check(`${page} hydration console errors/warnings`, '0', h.consoleProblems, 0, 'max', String),
      check(
        `${page} visits whose server HTML was replaced, not hydrated`,
        '0',
        h.visitsWithReplacedHtml,
        0,
        'max',
        String,
      ),
    );
  }
  if (renderLoad) checks.push(...loadChecks('', renderLoad.uncached, renderLoad.cached));
  const fixedLines = renderLoad?.['cached, static registry'];
  if (renderLoad && fixedLines) {
    // Issue 34: reading the registry from the service costs at most 10 % of cached throughput.
    const ratio = renderLoad.cached.requestsPerSecond / fixedLines.requestsPerSecond;
    checks.push(
      check(
        'cached req/s, registry from the service vs fixed lines',
        '≥ 90 %',
        ratio * 100,
        90,
        'min',
        (n) => `${n.toFixed(1)} %`,
      ),
    );
  }
  if (canary) checks.push(...canaryChecks(canary));
  for (const [shape, { uncached, cached }] of Object.entries(topology ?? {})) {
    checks.push(...loadChecks(`${shape}: `, uncached, cached));
  }
  return checks;
}

/** Issue 35: a canary costs cached pages at most 10 %, and 50 start/abort cycles leave memory flat (± 10 %). */
function canaryChecks(canary: CanaryFigures): BarCheck[] {
  const ratio = canary['cached, canary at 50 %'].requestsPerSecond / canary['cached, no canary'].requestsPerSecond;
  const percent = (n: number) => `${n.toFixed(1)} %`;
  return [
    check('cached req/s during a canary vs without', '≥ 90 %', ratio * 100, 90, 'min', percent),
    check('cached errors during a canary', '0', canary['cached, canary at 50 %'].errors, 0, 'max', String),
    check(
      `memory change over ${canary.memory.cycles} canary start/abort cycles`,
      '± 10 %',
      Math.abs(canary.memory.changePercent),
      10,
      'max',
      percent,
    ),
  ];
}

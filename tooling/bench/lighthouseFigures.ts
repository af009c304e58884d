// What one Lighthouse run reports, the median of several, and what its simulation charges to LCP.
import { median } from './stats';

export interface LighthouseFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  totalBytes: number;
  /** FCP and LCP as the trace saw them, unthrottled (the figures above are simulated from it). */
  observedFcpMs?: number;
  observedLcpMs?: number;
  /** The LCP element's selector, as Lighthouse names it. */
  lcpElement?: string;
  /** The requests that ended before the observed LCP (see lcpOnlyRequests). */
  endedBeforeLcp?: RequestSeen[];
}

export interface RequestSeen {
  url: string;
  resourceType: string;
  priority: string;
}

/**
 * The requests Lighthouse's simulation (Lantern) charges to LCP but not to FCP. Its LCP is
 * simulated from every request that ended before the observed LCP (low-priority images only in
 * its pessimistic half), its FCP only from those it takes for render-blocking: the document,
 * anything at VeryHigh priority, High scripts. So when the LCP element paints in the first
 * contentful frame (observed LCP = observed FCP), the simulated LCP still exceeds FCP by what
 * these requests cost on the simulated network: a preloaded font (High), the favicon, an
 * in-viewport image. Animations play no part in it.
 */
export function lcpOnlyRequests(requests: readonly RequestSeen[]): RequestSeen[] {
  return requests.filter(
    ({ resourceType, priority }) =>
      resourceType !== 'Document' && priority !== 'VeryHigh' && !(priority === 'High' && resourceType === 'Script'),
  );
}

/**
 * Each figure's median over the runs (each figure on its own, as Lighthouse's own CLI does); the
 * LCP element and the requests ended before it from the run whose LCP is the median.
 */
export function medianFigures(samples: LighthouseFigures[]): LighthouseFigures {
  const of = (pick: (s: LighthouseFigures) => number) => median(samples.map(pick));
  const observed = (pick: (s: LighthouseFigures) => number | undefined) => {
    const values = samples.map(pick).filter((value): value is number => value !== undefined);
    return values.length ? median(values) : undefined;
  };
  const lcpMs = of((s) => s.lcpMs);
  const medianRun = samples.find((s) => s.lcpMs === lcpMs);
  return {
    score: of((s) => s.score),
    lcpMs,
    tbtMs: of((s) => s.tbtMs),
    cls: of((s) => s.cls),
    fcpMs: of((s) => s.fcpMs),
    totalBytes: of((s) => s.totalBytes),
    observedFcpMs: observed((s) => s.observedFcpMs),
    observedLcpMs: observed((s) => s.observedLcpMs),
    lcpElement: medianRun?.lcpElement,
    endedBeforeLcp: medianRun?.endedBeforeLcp,
  };
}

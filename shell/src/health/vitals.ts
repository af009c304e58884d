// Core Web Vitals of the page load (docs/canary-releases.md, "Core Web Vitals"), measured by the
// web-vitals library and attributed to the remote whose area holds the LCP element, the tapped
// element or the largest shift. A chunk of its own, requested by the reporter after the page's
// `load` event: it costs the first paint nothing, and the library reads the entries buffered
// before it came (LCP, layout shifts, slow interactions).
import { onCLS, onINP, onLCP, type CLSMetric, type INPMetric, type LCPMetric } from 'web-vitals';
import { VITAL_MAX, type HealthVital, type VitalMetric } from 'shared-releases';
import { entryOf } from '../remotes/registry';
import { findArea } from '../routing/areas';

type Attribution = Pick<HealthVital, 'remote' | 'manifest'>;

/**
 * The remote whose area holds `node` now, with the manifest it was loaded from: inside <main> the
 * area of the current path; the header and the footer are the shell's (null, as is a node gone).
 * Asked when an entry is observed, before a tap's navigation can remove the node or move the path.
 */
function attributionOf(node: Node | null | undefined): Attribution | null {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  if (!element?.isConnected || !element.closest('#main-content')) return null;
  const remote = findArea(window.location.pathname)?.remote;
  const manifest = remote && entryOf(remote);
  return remote && manifest ? { remote, manifest } : null;
}

/** The largest shift's first source still in the page. */
const shiftedNode = (entries: CLSMetric['entries']) =>
  [...entries].sort((a, b) => b.value - a.value).flatMap((entry) => entry.sources.map((source) => source.node))[0];

/**
 * Watches the three vitals; `ready` gets each one's value once it is final: LCP at the first tap
 * or key (web-vitals says when), INP and CLS when the page is hidden (`finalVitals`, called by the
 * reporter just before its last send). A vital whose element is the shell's is never sent.
 */
export function watchVitals(ready: (vital: HealthVital) => void): { finalVitals(): void } {
  const latest = new Map<VitalMetric, (Attribution & { value: number }) | null>();
  const sent = new Set<VitalMetric>();
  const send = (metric: VitalMetric) => {
    const vital = latest.get(metric);
    if (!vital || sent.has(metric)) return;
    sent.add(metric);
    ready({ metric, remote: vital.remote, manifest: vital.manifest, value: Math.min(vital.value, VITAL_MAX[metric]) });
  };
  const note = (metric: VitalMetric, value: number, node: Node | null | undefined) => {
    const attribution = attributionOf(node);
    // A later candidate or interaction of the shell's makes the page's value the shell's.
    latest.set(metric, attribution && Object.assign(attribution, { value }));
  };
  const all = { reportAllChanges: true };
  // Every candidate as it paints (its element still there), then the final value once.
  onLCP((metric: LCPMetric) => note('lcp', metric.value, metric.entries.at(-1)?.element), all);
  onLCP(() => send('lcp'));
  onINP((metric: INPMetric) => note('inp', metric.value, metric.entries.find((entry) => entry.target)?.target), all);
  onCLS((metric: CLSMetric) => note('cls', metric.value, shiftedNode(metric.entries)), all);
  return {
    finalVitals() {
      for (const metric of ['lcp', 'inp', 'cls'] as const) send(metric);
    },
  };
}

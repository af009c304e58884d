// Core Web Vitals of the page load (docs/canary-releases.md, "Core Web Vitals"), measured by the
// web-vitals library and attributed to the remote whose area holds the LCP element, the tapped
// element or the largest shift. Part of the reporter's chunk (one chunk is 330 B smaller than two),
// which requests nothing before the page's first health event; it starts watching after the page's
// `load` event, and the library reads the entries buffered before (LCP, shifts, slow interactions).
import { onCLS, onINP, onLCP, type CLSMetric, type INPMetric, type LCPMetric } from 'web-vitals';
import type { HealthVital, VitalMetric } from 'shared-releases';
import { entryOf } from '../remotes/registry';
import { findArea } from '../routing/areas';

type Attribution = Pick<HealthVital, 'remote' | 'manifest'>;

/**
 * The remote whose area holds `node` now, with the manifest it was loaded from: inside <main> the
 * area of the current path; the header and the footer are the shell's (null, as is a node gone).
 * Asked when an entry is observed, before a tap's navigation can remove the node or move the path.
 */
function attributionOf(node: Node | null | undefined): Attribution | null {
  // From the parent: a shifted text node has no closest(); a node gone from the page finds no <main>.
  if (!node?.parentElement?.closest('#main-content')) return null;
  const remote = findArea(window.location.pathname)?.remote;
  const manifest = remote && entryOf(remote);
  return remote && manifest ? { remote, manifest } : null;
}

/** The largest shift's first source. */
const shiftedNode = (entries: CLSMetric['entries']) =>
  entries.reduce<(typeof entries)[number] | undefined>((a, b) => (a && a.value >= b.value ? a : b), undefined)
    ?.sources[0]?.node;

/**
 * Watches the three vitals; `ready` gets each one's value when the page is first hidden
 * (`finalVitals`, called by the reporter just before its last send), where web-vitals itself
 * reports them final (LCP stops at the first tap or key; INP and CLS grow until then). Sent once
 * per page load, as the service counts them; a vital whose element is the shell's is never sent.
 */
export function watchVitals(ready: (vital: HealthVital) => void): { finalVitals(): void } {
  const latest = new Map<VitalMetric, (Attribution & { value: number }) | null>();
  const sent = new Set<VitalMetric>();
  const send = (metric: VitalMetric) => {
    const vital = latest.get(metric);
    if (!vital || sent.has(metric)) return;
    sent.add(metric);
    // Unclamped: the service counts a value above its top bucket in that bucket.
    ready({ metric, ...vital });
  };
  const note = (metric: VitalMetric, value: number, node: Node | null | undefined) => {
    const attribution = attributionOf(node);
    // A later candidate or interaction of the shell's makes the page's value the shell's.
    latest.set(metric, attribution && Object.assign(attribution, { value }));
  };
  // Every candidate and interaction as observed (its element still there), the last one kept.
  const all = { reportAllChanges: true };
  onLCP((metric: LCPMetric) => note('lcp', metric.value, metric.entries.at(-1)?.element), all);
  onINP((metric: INPMetric) => note('inp', metric.value, metric.entries.find((entry) => entry.target)?.target), all);
  onCLS((metric: CLSMetric) => note('cls', metric.value, shiftedNode(metric.entries)), all);
  return {
    finalVitals: () => latest.forEach((_, metric) => send(metric)),
  };
}

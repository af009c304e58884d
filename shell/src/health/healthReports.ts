// The page's health events as the reports POST /api/health takes (shared-releases'
// healthReportSchema): counted per remote and manifest, then cut to the report's limits, because
// the service refuses a whole report that breaks one.
import {
  HEALTH_REPORT_LIMITS,
  type HealthEntry,
  type HealthReport,
  type HealthVital,
  type ReleaseEnvironment,
} from 'shared-releases';
import type { RemoteName } from '../remotes/registry';
import type { HealthEvent } from './recordHealth';

const { maxCount, maxEntries, maxManifestLength, maxBytes } = HEALTH_REPORT_LIMITS;
const FAILURES = ['loadFailures', 'renderCrashes', 'hydrationErrors'] as const;

/**
 * Where each remote's area page stands: 1 its view is counted, 2 and a failure of it too, 3 a
 * failure came before the view (bootstrap's load of the remote, before the area first renders).
 */
export type PageStates = Map<RemoteName, number>;

/**
 * Whether an event counts, given the events before it (in the order they happened): a page that
 * fails twice (a load that fails again on 再読み込み, a crash on top of a hydration error) is one
 * failed view, as the service compares failure rates and refuses more failures than views.
 */
export function countsOnce(pages: PageStates, [remote, , kind]: HealthEvent): boolean {
  const page = pages.get(remote);
  if (kind === 'views') pages.set(remote, page === 3 ? 2 : 1);
  else if ((page ?? 0) > 1) return false;
  else pages.set(remote, page ? 2 : 3);
  return true;
}

/** The events' counts per remote and manifest, in the order each was first seen. */
function totalsOf(events: readonly HealthEvent[]): HealthEntry[] {
  const totals = new Map<string, HealthEntry>();
  for (const [remote, manifest, kind] of events) {
    const key = `${remote} ${manifest}`;
    let entry = totals.get(key);
    if (!entry) {
      entry = { remote, manifest, views: 0, loadFailures: 0, renderCrashes: 0, hydrationErrors: 0 };
      totals.set(key, entry);
    }
    entry[kind] += 1;
  }
  return [...totals.values()];
}

/**
 * One total as entries of at most `maxCount` views, each with no more failures than views (a
 * failure noted before its view came, e.g. when the page was left, has no view to count against:
 * it is dropped rather than have the report refused).
 */
function entriesOf(total: HealthEntry): HealthEntry[] {
  const left = { ...total };
  const entries: HealthEntry[] = [];
  while (left.views > 0) {
    const entry: HealthEntry = { ...left, views: Math.min(left.views, maxCount) };
    let room = entry.views;
    for (const kind of FAILURES) {
      entry[kind] = Math.min(left[kind], room);
      room -= entry[kind];
      left[kind] -= entry[kind];
    }
    left.views -= entry.views;
    entries.push(entry);
  }
  return entries;
}

/**
 * The reports that carry `events` and `vitals`: no entry over `maxCount`, no report over
 * `maxEntries` entries or `maxBytes`. Only the remote's name, its manifest URL and counts, and the page's view token
 * (what the server signed: its releases, bucket and time): nothing about the visitor.
 */
export function healthReports(
  environment: ReleaseEnvironment,
  token: string,
  events: readonly HealthEvent[],
  vitals: readonly HealthVital[] = [],
): HealthReport[] {
  const reports: HealthReport[] = [];
  // The page's vitals (./vitals.ts) ride in the first report, or alone when it has no room.
  const measured = vitals.filter((vital) => vital.manifest.length <= maxManifestLength);
  if (measured.length) reports.push({ environment, token, entries: [], vitals: measured });
  for (const entry of totalsOf(events).flatMap(entriesOf)) {
    if (entry.manifest.length > maxManifestLength) continue;
    const last = reports.at(-1);
    // URLs as the registry resolved them (URL.href) are ASCII: a character is a byte.
    const fits =
      last &&
      last.entries.length < maxEntries &&
      JSON.stringify({ ...last, entries: [...last.entries, entry] }).length <= maxBytes;
    if (fits) last.entries.push(entry);
    else reports.push({ environment, token, entries: [entry] });
  }
  return reports;
}

// Health per release (docs/releasing.md, "Canary releases"): what the page's remote areas went
// through, per remote and manifest, for the service that withdraws a failing canary. This file is
// on every page's first download, so it only notes events, in order; the code that counts, batches
// and sends them (./healthReporter.ts) is a chunk of its own, requested with the first event.
import { entryOf, type RemoteName } from '../remotes/registry';
import { findArea } from '../routing/areas';

/** What happened to a remote's area: the names of a health entry's counts. */
export type HealthKind = 'views' | 'loadFailures' | 'renderCrashes' | 'hydrationErrors';
/** One event, with the manifest URL the remote was loaded from at that moment (its release). */
export type HealthEvent = [remote: RemoteName, manifest: string, kind: HealthKind];

/**
 * Events the reporter has not taken yet. Handed to it rather than imported by it: a module the
 * other chunk imported could not be merged into the shell's first chunk, and would cost bytes there.
 */
const healthEvents: HealthEvent[] = [];

export function recordHealth(remote: RemoteName, kind: HealthKind): void {
  const manifest = entryOf(remote);
  if (!manifest) return;
  healthEvents.push([remote, manifest, kind]);
  import('./healthReporter').then(
    (reporter) => reporter.takeHealthEvents(healthEvents),
    () => undefined,
  );
}

/**
 * hydrateRoot's onRecoverableError: the server's HTML did not match (or another error React
 * recovered from), counted for the remote of the page's area. Logged as React would.
 */
export function recordHydrationError(error: unknown): void {
  const area = findArea(window.location.pathname);
  if (area) recordHealth(area.remote, 'hydrationErrors');
  console.error(error);
}

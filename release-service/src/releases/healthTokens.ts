/**
 * Which of a report's entries its view token vouches for (docs/canary-releases.md, "Who can
 * report"): the token must verify with one of HEALTH_TOKEN_KEYS and be unexpired, and each entry
 * counted must be of a remote the token names, loaded from the very manifest the page was served.
 * What is left is summed per remote (one release per remote and token), ready to be taken from the
 * token's allowance (HealthRepository.takeTokens). No I/O.
 */
import type { HealthEntry, HealthReport } from 'shared-releases';
import { servedBy, verifyViewToken } from 'shared-releases/view-token';
import type { TokenUse } from '../db/healthRepository';
import type { HealthRules } from './healthWindow';
import { minuteOf } from './healthWindow';

/** One remote's part of a report: the release it is about, its summed entry and the token use. */
export interface VouchedEntry {
  version: string;
  entry: HealthEntry;
  /** how many of the report's entries it sums */
  entries: number;
  use: TokenUse;
}

/**
 * The entries `report`'s token vouches for, per remote in name order (the order rows are locked
 * in); none when the token is forged, expired or signed with a retired key.
 * @param releaseOf  the release an entry is about, null when it counts for nothing
 */
export function vouchedEntries(
  report: HealthReport,
  rules: Pick<HealthRules, 'tokenKeys' | 'tokenTtlSeconds'>,
  nowMs: number,
  releaseOf: (entry: HealthEntry) => string | null,
): VouchedEntry[] {
  const ttlMs = rules.tokenTtlSeconds * 1000;
  const token = verifyViewToken(rules.tokenKeys, report.token, nowMs, { ttlMs });
  if (!token) return [];
  const byRemote = new Map<string, VouchedEntry>();
  for (const reported of report.entries) {
    if (!servedBy(token, reported.remote, reported.manifest)) continue;
    const version = releaseOf(reported);
    if (version === null) continue;
    const known = byRemote.get(reported.remote);
    if (known) {
      // The same remote and manifest split over entries (more views than one entry holds).
      known.entries += 1;
      for (const key of ['views', 'loadFailures', 'renderCrashes', 'hydrationErrors'] as const) {
        known.entry[key] += reported[key];
      }
      continue;
    }
    byRemote.set(reported.remote, {
      version,
      entry: { ...reported },
      entries: 1,
      use: {
        token: token.id,
        remote: reported.remote,
        // Kept until the minute after it can no longer verify, then pruned.
        expiresMinute: minuteOf(token.issuedMs + ttlMs) + 1,
        views: 0,
        failures: 0,
      },
    });
  }
  const vouched = [...byRemote.values()].sort((a, b) => (a.use.remote < b.use.remote ? -1 : 1));
  for (const { entry, use } of vouched) {
    use.views = entry.views;
    use.failures = entry.loadFailures + entry.renderCrashes + entry.hydrationErrors;
  }
  return vouched;
}

// npm run releases -- --prune [--older-than <1d|36h|…>] [--yes] [--remote <remote>]
// Published folders no release ever used (a refused attempt whose folder stayed because its
// outcome was unknown, a failed CI run) are listed, and with --yes removed. A version is a
// candidate only when it is older than the threshold (at least a day) AND the release service
// says it is named nowhere: no live line, no canary, no history in any environment. Dry run first.
import type { ReleaseClient } from 'shared-releases';
import type { ArtifactStore, PublishedVersion } from './artifactStore';
import { UsageError } from './errors';
import type { Remote } from './remotes';

const DAY_MS = 24 * 60 * 60 * 1000;
const UNITS: Record<string, number> = { m: 60_000, h: 60 * 60_000, d: DAY_MS };

/** `1d`, `36h`, `2880m`: a duration of at least a day (a younger folder may be a release under way). */
export function durationOption(value: string | undefined): number {
  const match = /^(\d+)([mhd])$/.exec(value ?? '1d');
  const ms = match ? Number(match[1]) * UNITS[match[2]!]! : NaN;
  if (!(ms >= DAY_MS)) {
    throw new UsageError(
      `--older-than「${value ?? ''}」は使えません。1d 以上の期間を 1d / 36h / 2880m のように指定してください。`,
    );
  }
  return ms;
}

export interface PruneCandidate extends PublishedVersion {
  remote: Remote;
}

/** The published versions older than `olderThanMs` that the service says are referenced nowhere. */
export async function pruneCandidates(
  client: ReleaseClient,
  store: ArtifactStore,
  remotes: readonly Remote[],
  olderThanMs: number,
  now = Date.now(),
): Promise<PruneCandidate[]> {
  const candidates: PruneCandidate[] = [];
  for (const remote of remotes) {
    for (const published of store.list(remote)) {
      if (now - published.publishedAt.getTime() < olderThanMs) continue;
      // One question per version, after the age: the service's word is the last thing read.
      const usage = await client.versionUsage(remote.federationName, published.version);
      if (!usage.referenced) candidates.push({ remote, ...published });
    }
  }
  return candidates;
}

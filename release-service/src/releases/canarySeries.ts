/**
 * A canary's figures over time beside the live release's, for the リリース page's chart
 * (docs/canary-releases.md, "Charts"): the canary on the line or the latest or named one, its time span, steps and end from the audit log, its counts
 * per bucket from the health rows. Read only; the same rights as the audit log.
 */
import {
  type AuditEntry,
  type CanarySeries,
  ENVIRONMENT_LABELS,
  type ReleaseEnvironment,
  type SeriesEvent,
  type SeriesFigures,
  type VitalsP75,
} from 'shared-releases';
import { ApiError, type AuthenticatedUser } from 'service-kit';
import type { HealthBucket, HealthRepository } from '../db/healthRepository';
import type { ReleaseRepository } from '../db/releaseRepository';
import type { ReleaseAccess } from './access';
import { minuteOf } from './healthWindow';
import { RELEASE_MESSAGES as M } from './messages';
import type { VitalsService, VitalsSpan } from './vitalsService';

/** At most this many points per release: a day at 10-minute buckets, a few hours at 1 minute. */
export const SERIES_MAX_POINTS = 180;
/** Bucket sizes in minutes, the smallest that keeps a span within SERIES_MAX_POINTS. */
const BUCKETS = [1, 2, 5, 10, 15, 30, 60, 120, 240, 360, 720, 1440];
/**
 * How long the per-minute counts are kept for the chart (healthService.ts prunes older ones): a day,
 * so a canary withdrawn or promoted overnight can still be looked at in the morning. At most one
 * short row per release and minute: 1,440 per release, whatever its traffic.
 */
export const SERIES_KEPT_MINUTES = 24 * 60;
/** How far back the audit log is read for a canary's start (lines of this remote and environment). */
const AUDIT_PAGE = 500;
const AUDIT_PAGES = 10;

const KINDS: Partial<Record<AuditEntry['action'], SeriesEvent['kind']>> = {
  canary: 'start',
  'canary-percent': 'percent',
  'canary-pause': 'pause',
  'canary-resume': 'resume',
  'canary-promote': 'promote',
  'canary-abort': 'abort',
  'canary-withdraw': 'withdraw',
};
const ENDS: Record<string, CanarySeries['state']> = {
  promote: 'promoted',
  abort: 'aborted',
  withdraw: 'withdrawn',
};

export function bucketMinutesFor(spanMinutes: number): number {
  return (
    BUCKETS.find((size) => Math.ceil(spanMinutes / size) <= SERIES_MAX_POINTS) ??
    Math.ceil(spanMinutes / SERIES_MAX_POINTS)
  );
}

/**
 * The canary run of `version` in lines of one remote and environment (oldest first): from its
 * latest start to its first end (a withdrawn canary's later abort only clears it away).
 */
export function canaryRun(lines: readonly AuditEntry[], version: string): AuditEntry[] | null {
  const done = lines.filter((line) => line.outcome === 'done' && KINDS[line.action] && line.version === version);
  const start = done.findLastIndex((line) => line.action === 'canary');
  if (start < 0) return null;
  const run = done.slice(start);
  const end = run.findIndex((line) => ENDS[KINDS[line.action]!]);
  return end < 0 ? run : run.slice(0, end + 1);
}

const eventOf = (line: AuditEntry): SeriesEvent => ({
  at: line.at,
  kind: KINDS[line.action]!,
  percent: line.canaryPercent,
  automatic: line.actor.uid === null,
});

const NO_P75: VitalsP75 = { lcp: null, inp: null, cls: null };

const figuresOf = (bucket: HealthBucket | undefined, p75: VitalsP75 | undefined): SeriesFigures => {
  const counts = bucket ?? { views: 0, loadFailures: 0, renderCrashes: 0, hydrationErrors: 0 };
  const failures = Math.min(counts.views, counts.loadFailures + counts.renderCrashes + counts.hydrationErrors);
  const figures = { views: counts.views, failures, failureRate: counts.views === 0 ? null : failures / counts.views };
  return p75 ? Object.assign(figures, { p75 }) : figures;
};

export interface CanarySeriesDeps {
  repo: Pick<ReleaseRepository, 'audit' | 'entries'>;
  store: Pick<HealthRepository, 'series'>;
  /** the vitals' p75s per bucket; absent, the series has none */
  vitals?: Pick<VitalsService, 'span'> | undefined;
  access: Pick<ReleaseAccess, 'mayRelease' | 'remoteNamed'>;
  clock: () => number;
}

export function createCanarySeries({ repo, store, vitals, access, clock }: CanarySeriesDeps) {
  /**
   * The remote's and environment's audit lines, oldest first, back to the start of canary `version`
   * (undefined: of the latest canary) at most.
   */
  async function linesBack(remote: string, environment: ReleaseEnvironment, version: string | undefined) {
    const lines: AuditEntry[] = [];
    let before: number | undefined;
    for (let page = 0; page < AUDIT_PAGES; page += 1) {
      const entries = await repo.audit({ remotes: [remote], environment, limit: AUDIT_PAGE, before });
      lines.push(...entries);
      const started = entries.some(
        (line) => line.action === 'canary' && line.outcome === 'done' && (version ?? line.version) === line.version,
      );
      if (started || entries.length < AUDIT_PAGE) break;
      before = entries.at(-1)!.id;
    }
    return lines.reverse();
  }

  return {
    async series(
      user: AuthenticatedUser,
      remoteName: string,
      environment: ReleaseEnvironment,
      query: { version?: string | undefined },
    ): Promise<CanarySeries> {
      const target = access.remoteNamed(remoteName);
      if (!access.mayRelease(user, target)) throw new ApiError(403, M.notATeamMember(target.workspace));
      // Unnamed: the canary on the line, else the latest one the audit log has.
      const onLine = (await repo.entries(environment))[target.remote]?.canary ?? null;
      const named = query.version ?? onLine?.version;
      const lines = await linesBack(target.remote, environment, named);
      const version =
        named ?? lines.findLast((line) => line.action === 'canary' && line.outcome === 'done')?.version ?? null;
      if (!version) throw new ApiError(404, M.noCanaryYet(target.workspace, ENVIRONMENT_LABELS[environment]));
      const run = canaryRun(lines, version);
      if (!run) throw new ApiError(404, M.noCanaryRun(target.workspace, ENVIRONMENT_LABELS[environment], version));
      const events = run.map(eventOf);
      const last = events.at(-1)!;
      const ended = ENDS[last.kind] ? last : null;
      const nowMs = clock();
      const live = run[0]!.before.version;
      // The canary on the line has its times by the service's clock, which also dates the counts;
      // the audit log's are the database's (the same clock in production).
      const line = onLine?.version === version ? onLine : null;
      const startedAt = line?.startedAt ?? run[0]!.at;
      const endedAt = ended ? (line?.withdrawnAt ?? ended.at) : null;
      const fromMinute = minuteOf(Date.parse(startedAt));
      const toMinute = minuteOf(endedAt ? Date.parse(endedAt) : nowMs);
      const bucketMinutes = bucketMinutesFor(toMinute - fromMinute + 1);
      const rows = await store.series(environment, target.remote, {
        versions: [version, live ?? ''],
        fromMinute,
        toMinute,
        bucketMinutes,
      });
      const byKey = new Map(rows.map((row) => [`${row.version}\n${row.minute}`, row]));
      const span = { fromMinute, toMinute, bucketMinutes };
      const [canaryVitals, liveVitals] = vitals
        ? await Promise.all([
            vitals.span(environment, target.remote, version, span),
            vitals.span(environment, target.remote, live ?? '', span),
          ])
        : [];
      const p75At = (of: VitalsSpan | undefined, minute: number) => of && (of.byBucket.get(minute) ?? NO_P75);
      const points = [];
      for (let minute = fromMinute - (fromMinute % bucketMinutes); minute <= toMinute; minute += bucketMinutes) {
        points.push({
          at: new Date(minute * 60_000).toISOString(),
          canary: figuresOf(byKey.get(`${version}\n${minute}`), p75At(canaryVitals, minute)),
          live: figuresOf(byKey.get(`${live ?? ''}\n${minute}`), p75At(liveVitals, minute)),
        });
      }
      return {
        remote: target.remote,
        environment,
        version,
        live,
        startedAt,
        endedAt,
        state: ended ? ENDS[ended.kind]! : 'running',
        bucketMinutes,
        keptSince: new Date((minuteOf(nowMs) - SERIES_KEPT_MINUTES + 1) * 60_000).toISOString(),
        points,
        events,
        ...(canaryVitals && liveVitals ? { p75: { canary: canaryVitals.overall, live: liveVitals.overall } } : {}),
      };
    },
  };
}

export type CanarySeriesService = ReturnType<typeof createCanarySeries>;

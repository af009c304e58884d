/**
 * Health per release (docs/releasing.md, "Canary releases"): browsers' reports counted, by view token,
 * per release and minute, the figures of a release over the health window, and the automatic
 * withdrawal of a canary the sequential test finds worse than the live release (sequentialTest.ts).
 */
import type {
  EnvironmentReleases,
  HealthEntry,
  HealthReport,
  HealthReportResult,
  ReleaseEnvironment,
} from 'shared-releases';
import type { FastifyBaseLogger } from 'fastify';
import type { HealthCount, HealthRepository } from '../db/healthRepository';
import { canaryRefOf, FlipConflictError, type RegistryEntry, type ReleaseRepository } from '../db/releaseRepository';
import { decisionOf, type HealthRules, minuteOf, releaseHealth, sinceMinute, splitFailures } from './healthWindow';
import { vouchedEntries } from './healthTokens';
import { automaticAudit } from './automaticAudit';
import { SERIES_KEPT_MINUTES } from './canarySeries';
import { findReleasable } from './remotes';
import type { CanarySteps } from './canarySteps';
import { RELEASE_ENVIRONMENTS } from 'shared-releases';
import type { VitalsService } from './vitalsService';
import { withdrawalMessage } from './withdrawalMessage';

export interface HealthServiceDeps {
  repo: ReleaseRepository;
  store: HealthRepository;
  rules: HealthRules;
  clock: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** What a healthy decision may do next: a planned canary's next step (canarySteps.ts). */
  advance?: CanarySteps['advance'];
  /** Core Web Vitals per release (vitalsService.ts); without it, decisions are on failure rates alone. */
  vitals?: VitalsService;
}

/**
 * The release a report's entry is about: the running canary's manifest → the canary; the live
 * line's → the live release; with no release live, any other manifest → the deployed build ('').
 * Anything else (an old release still open in a tab, a withdrawn canary, a forged URL) counts for
 * nothing: null.
 */
export function releaseKeyOf(entry: RegistryEntry | undefined, manifest: string): string | null {
  const canary = entry?.canary ?? null;
  if (canary?.status === 'running' && manifest === canary.manifestUrl) return canary.version;
  if (entry?.live) return manifest === entry.live.manifestUrl ? entry.live.version : null;
  if (canary && manifest === canary.manifestUrl) return null;
  return '';
}

export function createHealthService({ repo, store, rules, clock, log, advance, vitals }: HealthServiceDeps) {
  let prunedMinute = Number.NaN;

  /** Once a minute per process: the rows neither the window nor the canary chart reaches any more go. */
  async function prune(minute: number): Promise<void> {
    if (minute === prunedMinute) return;
    prunedMinute = minute;
    const kept = minute - Math.max(rules.windowMinutes, SERIES_KEPT_MINUTES);
    await store.prune(kept, minute);
    await vitals?.prune(kept, minute);
  }

  /**
   * A running canary's figures and live's over the same window (since the canary started), and
   * what the sequential test says of them.
   */
  async function decide(environment: ReleaseEnvironment, remote: string, entry: RegistryEntry, nowMs: number) {
    const canary = entry.canary;
    if (canary?.status !== 'running') return null;
    const since = sinceMinute(nowMs, rules.windowMinutes, canary.startedAt);
    const [canarySums, liveSums] = await Promise.all([
      store.sums(environment, remote, canary.version, since),
      store.sums(environment, remote, entry.live?.version ?? '', since),
    ]);
    const canaryHealth = releaseHealth(canary.version, canarySums);
    const liveHealth = releaseHealth(entry.live?.version ?? null, liveSums);
    const decision = decisionOf(canaryHealth, liveHealth, rules, canary.startedAt, nowMs);
    if (!vitals) return decision;
    const versions = { canary: canary.version, live: entry.live?.version ?? '' };
    return vitals.withVitals(decision, await vitals.decisions(environment, remote, versions, since));
  }

  /**
   * Withdraws a running canary when the test says so, or lets a healthy one with a plan take its
   * next step (compare-and-swap: one instance decides).
   */
  async function evaluate(environment: ReleaseEnvironment, remote: string, entry: RegistryEntry, nowMs: number) {
    const canary = entry.canary;
    const decision = await decide(environment, remote, entry, nowMs);
    if (decision && decision.outcome !== 'withdraw' && advance)
      await advance(environment, remote, entry, decision, nowMs);
    if (canary?.status !== 'running' || decision?.outcome !== 'withdraw') return;
    const message = withdrawalMessage(canary.version, decision);
    const known = await repo.findVersion(remote, canary.version);
    try {
      await repo.changeCanary({
        environment,
        remote,
        expected: { live: entry.live, canary: canaryRefOf(canary, false) },
        to: {
          live: entry.live,
          canary: Object.assign({}, canary, {
            percent: 0,
            status: 'withdrawn' as const,
            withdrawnAt: new Date(nowMs).toISOString(),
            decision,
          }),
        },
        audit: automaticAudit(canary, {
          action: 'canary-withdraw',
          remote,
          environment,
          sourceCommit: known?.sourceCommit ?? null,
          verdict: null,
          before: entry.live,
          message,
          canaryPercent: 0,
          decision,
        }),
      });
      log.warn({ remote, environment, version: canary.version, decision }, 'canary withdrawn on its health');
    } catch (error) {
      // Another instance (or report) decided first, or a person changed the canary meanwhile.
      if (!(error instanceof FlipConflictError)) throw error;
    }
  }

  return {
    /**
     * Counts what `report`'s view token vouches for, at most HEALTH_TOKEN_VIEWS views per token and
     * remote in all (the rest, and anything without a valid token, is silently not counted).
     */
    async report(report: HealthReport): Promise<HealthReportResult> {
      const { environment } = report;
      const nowMs = clock();
      const minute = minuteOf(nowMs);
      await prune(minute);
      const lines = await repo.entries(environment);
      const vouched = vouchedEntries(report, rules, nowMs, (reported) =>
        findReleasable(reported.remote) ? releaseKeyOf(lines[reported.remote], reported.manifest) : null,
      );
      // Taken before the counts are added: a failure between the two loses these views, never
      // counts them twice.
      const taken = await store.takeTokens(
        vouched.map(({ use }) => use),
        rules.tokenViews,
      );
      const counts = new Map<string, HealthCount>();
      let accepted = 0;
      vouched.forEach(({ version, entry, entries }, index) => {
        const allowed = taken[index]!;
        if (allowed.views === 0 && allowed.failures === 0) return; // the token is used up
        accepted += entries;
        add(counts, { environment, remote: entry.remote, version, minute }, allowed.views, entry, allowed.failures);
      });
      const added = [...counts.values()];
      await store.add(added);
      const measured = vitals
        ? await vitals.count(report, nowMs, (vital) =>
            findReleasable(vital.remote) ? releaseKeyOf(lines[vital.remote], vital.manifest) : null,
          )
        : new Set<string>();
      for (const remote of new Set([...added.map((count) => count.remote), ...measured])) {
        const entry = lines[remote];
        if (entry) await evaluate(environment, remote, entry, nowMs);
      }
      return { accepted };
    },

    /**
     * Every running canary decided now (the timer's round, app.ts): steps soak on time even when no
     * report comes in.
     */
    async evaluateAll(): Promise<void> {
      const nowMs = clock();
      for (const environment of RELEASE_ENVIRONMENTS) {
        const lines = await repo.entries(environment);
        for (const [remote, entry] of Object.entries(lines)) {
          if (entry.canary?.status === 'running') await evaluate(environment, remote, entry, nowMs);
        }
      }
    },

    /** A remote's figures in an environment: live beside canary, the canary's since its start. */
    async figures(
      environment: ReleaseEnvironment,
      remote: string,
      entry: RegistryEntry,
    ): Promise<EnvironmentReleases['health']> {
      const nowMs = clock();
      const canary = entry.canary;
      // A running canary: both over the same window, and the test's word on them (for readers such
      // as the リリース page and the CLI, and anything that acts on "healthy").
      const decision = await decide(environment, remote, entry, nowMs);
      if (decision)
        return { live: decision.live, canary: decision.canary, windowMinutes: rules.windowMinutes, decision };
      const [live, canarySums] = await Promise.all([
        store.sums(environment, remote, entry.live?.version ?? '', sinceMinute(nowMs, rules.windowMinutes)),
        canary
          ? store.sums(environment, remote, canary.version, sinceMinute(nowMs, rules.windowMinutes, canary.startedAt))
          : null,
      ]);
      return {
        live: releaseHealth(entry.live?.version ?? null, live),
        canary: canary && canarySums ? releaseHealth(canary.version, canarySums) : null,
        windowMinutes: rules.windowMinutes,
        decision: null,
      };
    },
  };
}

/** Adds an entry's counted part to the report's row for its release and minute. */
function add(
  counts: Map<string, HealthCount>,
  key: Pick<HealthCount, 'environment' | 'remote' | 'version' | 'minute'>,
  views: number,
  reported: HealthEntry,
  failures: number,
): void {
  const split = splitFailures(reported, failures);
  const id = `${key.remote}\n${key.version}`;
  const row = counts.get(id) ?? Object.assign({ views: 0, loadFailures: 0, renderCrashes: 0, hydrationErrors: 0 }, key);
  row.views += views;
  row.loadFailures += split.loadFailures;
  row.renderCrashes += split.renderCrashes;
  row.hydrationErrors += split.hydrationErrors;
  counts.set(id, row);
}

export type HealthService = ReturnType<typeof createHealthService>;

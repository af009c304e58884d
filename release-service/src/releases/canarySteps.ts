/**
 * Canary steps that advance themselves (docs/canary-releases.md, "Steps"): a running canary with a
 * plan holds each step at least its soak time and until the sequential test calls it healthy, then
 * moves to the next share; after the last step it becomes the live release. Each move is the same
 * compare-and-swap on the registry line a person's change is (expected share, status and pause), so
 * of two instances (or a report and the timer) deciding at once only one moves it; the other's
 * change is a conflict and is dropped. The audit line carries the decision's figures, actor null
 * ("自動"). A paused canary never advances; a withdrawal (healthService.ts) still applies.
 */
import type { CanaryDecision, ReleaseEnvironment } from 'shared-releases';
import { checkCompatibility, type GateVerdict } from 'shared-releases/gate';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import {
  type AuditRecord,
  canaryRefOf,
  type CanaryRecord,
  FlipConflictError,
  type RegistryEntry,
  type ReleaseRepository,
} from '../db/releaseRepository';
import { automaticAudit } from './automaticAudit';
import type { FetchManifest } from './manifests';

export interface CanaryStepsDeps {
  repo: ReleaseRepository;
  log: Pick<FastifyBaseLogger, 'warn'>;
  fetchManifest: FetchManifest;
  shellManifests: AppConfig['releaseShellManifests'];
}

const rate = (value: number | null) => (value === null ? '—' : `${Math.round(value * 1000) / 10}%`);

/** The figures a step was decided on, in the audit line's words. */
const figures = (decision: CanaryDecision) =>
  `カナリア失敗率 ${rate(decision.canary.failureRate)} (${decision.canary.views} 表示)、` +
  `ライブ ${rate(decision.live.failureRate)} (${decision.live.views} 表示)、逐次検定の判定は healthy`;

export function createCanarySteps({ repo, log, fetchManifest, shellManifests }: CanaryStepsDeps) {
  /**
   * The release gate again before the service promotes (the shell may have moved on since the
   * start, as for a person's promotion); null when a manifest cannot be read now (tried again on
   * the next round).
   */
  async function gate(environment: ReleaseEnvironment, remote: string, canary: CanaryRecord) {
    try {
      const [remoteManifest, shellManifest] = await Promise.all([
        fetchManifest(canary.manifestUrl),
        fetchManifest(shellManifests[environment]),
      ]);
      return checkCompatibility({ remoteManifest, shellManifest, federationName: remote });
    } catch (error) {
      log.warn({ remote, environment, version: canary.version, error }, 'canary promotion waits: manifest unreadable');
      return null;
    }
  }

  /** One move in one compare-and-swap; false when the line changed since it was read. */
  async function move(entry: RegistryEntry, to: RegistryEntry, audit: AuditRecord): Promise<boolean> {
    const { environment, remote } = audit;
    try {
      await repo.changeCanary({
        environment,
        remote,
        expected: { live: entry.live, canary: canaryRefOf(entry.canary) },
        to,
        audit,
      });
      return true;
    } catch (error) {
      // Another instance (or a person, or a pause) changed the canary since it was read.
      if (!(error instanceof FlipConflictError)) throw error;
      return false;
    }
  }

  /** Moves `entry`'s canary on when its step has soaked and `decision` is healthy; else nothing. */
  async function advance(
    environment: ReleaseEnvironment,
    remote: string,
    entry: RegistryEntry,
    decision: CanaryDecision,
    nowMs: number,
  ): Promise<void> {
    const canary = entry.canary;
    const plan = canary?.plan;
    if (!canary || canary.status !== 'running' || !plan || plan.paused || decision.outcome !== 'healthy') return;
    const soaked = (nowMs - Date.parse(plan.stepStartedAt)) / 1000;
    if (soaked < plan.soakSeconds) return;
    // The plan's next share above the current one (a person may have raised it by hand meanwhile).
    const index = plan.steps.findIndex((share, at) => at > plan.step && share > canary.percent);
    const last = index === -1;
    const next = last ? 100 : plan.steps[index]!;
    let verdict: GateVerdict | null = null;
    if (last) {
      verdict = await gate(environment, remote, canary);
      if (!verdict) return;
    }
    const known = await repo.findVersion(remote, canary.version);
    const audit: AuditRecord = automaticAudit(canary, {
      action: last ? 'canary-promote' : 'canary-percent',
      remote,
      environment,
      sourceCommit: known?.sourceCommit ?? null,
      verdict,
      before: entry.live,
      message: last
        ? `最後のステップ (${canary.percent}%) を ${Math.round(soaked)} 秒保持し、${figures(decision)} のため自動で昇格しました。`
        : `ステップ ${plan.step + 1}/${plan.steps.length} (${canary.percent}%) を ${Math.round(soaked)} 秒保持し、` +
          `${figures(decision)} のため自動で ${next}% に進めました。`,
      canaryPercent: next,
      decision,
    });
    if (verdict && !verdict.ok) {
      // The shell cannot run it now: held (paused, one audit line) for a person to decide.
      const held = Object.assign({}, canary, { plan: Object.assign({}, plan, { paused: true }) });
      const message = `シェルと互換性がないため自動昇格を止め、ステップを一時停止しました (${canary.percent}%)。`;
      const pause = Object.assign({}, audit, {
        action: 'canary-pause' as const,
        message,
        canaryPercent: canary.percent,
      });
      await move(entry, { live: entry.live, canary: held }, pause);
      return;
    }
    const to: RegistryEntry = last
      ? { live: { version: canary.version, manifestUrl: canary.manifestUrl }, canary: null }
      : {
          live: entry.live,
          canary: Object.assign({}, canary, {
            percent: next,
            plan: Object.assign({}, plan, { step: index, stepStartedAt: new Date(nowMs).toISOString() }),
          }),
        };
    if (await move(entry, to, audit)) {
      log.warn({ remote, environment, version: canary.version, percent: next }, 'canary advanced by its plan');
    }
  }

  return { advance };
}

export type CanarySteps = ReturnType<typeof createCanarySteps>;

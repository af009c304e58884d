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
import type { FastifyBaseLogger } from 'fastify';
import { canaryRefOf, FlipConflictError, type RegistryEntry, type ReleaseRepository } from '../db/releaseRepository';

export interface CanaryStepsDeps {
  repo: ReleaseRepository;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const rate = (value: number | null) => (value === null ? '—' : `${Math.round(value * 1000) / 10}%`);

/** The figures a step was decided on, in the audit line's words. */
const figures = (decision: CanaryDecision) =>
  `カナリア失敗率 ${rate(decision.canary.failureRate)} (${decision.canary.views} 表示)、` +
  `ライブ ${rate(decision.live.failureRate)} (${decision.live.views} 表示)、逐次検定の判定は healthy`;

export function createCanarySteps({ repo, log }: CanaryStepsDeps) {
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
    const to: RegistryEntry = last
      ? { live: { version: canary.version, manifestUrl: canary.manifestUrl }, canary: null }
      : {
          live: entry.live,
          canary: Object.assign({}, canary, {
            percent: next,
            plan: Object.assign({}, plan, { step: index, stepStartedAt: new Date(nowMs).toISOString() }),
          }),
        };
    const message = last
      ? `最後のステップ (${canary.percent}%) を ${Math.round(soaked)} 秒保持し、${figures(decision)} のため自動で昇格しました。`
      : `ステップ ${plan.step + 1}/${plan.steps.length} (${canary.percent}%) を ${Math.round(soaked)} 秒保持し、` +
        `${figures(decision)} のため自動で ${next}% に進めました。`;
    const known = await repo.findVersion(remote, canary.version);
    try {
      await repo.changeCanary({
        environment,
        remote,
        expected: { live: entry.live, canary: canaryRefOf(canary) },
        to,
        audit: {
          actor: { uid: null, email: null },
          action: last ? 'canary-promote' : 'canary-percent',
          outcome: 'done',
          remote,
          environment,
          version: canary.version,
          manifestUrl: canary.manifestUrl,
          sourceCommit: known?.sourceCommit ?? null,
          verdict: null,
          before: entry.live,
          message,
          canaryPercent: next,
          decision,
        },
      });
    } catch (error) {
      // Another instance (or a person, or a pause) changed the canary since it was read.
      if (!(error instanceof FlipConflictError)) throw error;
      return;
    }
    log.warn({ remote, environment, version: canary.version, percent: next }, 'canary advanced by its plan');
  }

  return { advance };
}

export type CanarySteps = ReturnType<typeof createCanarySteps>;

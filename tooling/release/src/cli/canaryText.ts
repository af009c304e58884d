/** How the CLI reads a canary's share and prints canaries and their health (npm run release / canary / releases). */
import {
  CANARY_MAX_PERCENT,
  CANARY_MIN_PERCENT,
  type CanaryDecision,
  type CanaryResult,
  type CanaryState,
  type ReleaseHealth,
  vitalsSummary,
} from 'shared-releases';
import { UsageError } from '../errors';
import { environmentLabel } from './run';
import { say, terminal, type TerminalText } from './terminalText';

const RANGE = `${CANARY_MIN_PERCENT}〜${CANARY_MAX_PERCENT} の整数 (%)`;

/**
 * A share as typed: `10` or `10%`. 0 and 100 are refused with the command that does what was
 * probably meant (abort, promote; or a release without --canary when starting one), rather than
 * the service's range error.
 */
export function canaryPercentArg(value: string | undefined, remote: string, starting = false): number {
  if (value === undefined || value === '') throw new UsageError(`カナリアの割合を ${RANGE} で指定してください。`);
  const match = /^(\d{1,3})\s*%?$/.exec(value.trim());
  const percent = match ? Number(match[1]) : NaN;
  if (percent === 0) {
    throw new UsageError(
      starting
        ? `カナリアの割合は ${RANGE} で指定してください (0 % では誰にも配信されません)。`
        : `カナリアを 0 % にするには中止してください: npm run canary -- ${remote} abort`,
    );
  }
  if (percent === 100) {
    throw new UsageError(
      starting
        ? `すべての訪問者に公開するには --canary を付けずに実行してください: npm run release -- ${remote}`
        : `カナリアを 100 % にするには昇格してください: npm run canary -- ${remote} promote`,
    );
  }
  if (!(percent >= CANARY_MIN_PERCENT && percent <= CANARY_MAX_PERCENT)) {
    throw new UsageError(`カナリアの割合「${value}」は使えません。${RANGE} で指定してください。`);
  }
  return percent;
}

/** 0.0123 → "1.2 %"; no views yet → "—". */
export const rateText = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`);

const releaseName = (version: string | null) => version ?? 'デプロイ時のビルド';

/** One release's figures: "v5 表示 120 回 失敗率 0.8 %". */
export const healthText = (health: ReleaseHealth): TerminalText =>
  terminal`${releaseName(health.version)} 表示 ${health.views} 回 失敗率 ${rateText(health.failureRate)}`;

/** A difference of rates in percentage points: 0.05 → "5 ポイント" (the test's minimum effect is one). */
const pointsText = (difference: number) => `${Number((difference * 100).toFixed(1))} ポイント`;

const DECISION_LABELS = { withdraw: '取り下げ', healthy: '健全', inconclusive: '判定保留' } as const;

/** The sequential test's word and its figures; a decision of an older service: its fixed-margin rule. */
function ruleText(d: CanaryDecision): string {
  const seconds = `開始から ${d.secondsAfterStart} 秒`;
  const t = d.test;
  if (!t)
    return `判定条件: カナリア表示 ${d.minCanaryViews} 回以上で失敗率が現行を ${pointsText(d.margin ?? 0)}超えて上回る、${seconds}`;
  const against = t.control === 'live' ? '' : '、現行の表示が少ないためカナリア単独で判定';
  return (
    `${DECISION_LABELS[d.outcome ?? 'inconclusive']}: 逐次検定 尤度比 ${t.withdrawStatistic} (取り下げ境界 ${t.withdrawBoundary})・` +
    `${t.healthyStatistic} (健全境界 ${t.healthyBoundary})、誤取り下げ率 ${rateText(t.alpha)}・検出力 ${rateText(t.power)}・` +
    `検出する差 ${pointsText(t.minEffect)}、最小 ${t.minCanaryViews} 表示${against}、${seconds}`
  );
}

/** The figures of a canary's decision, canary and live side by side, and the rule's word on them. */
export const decisionText = (d: CanaryDecision): TerminalText => {
  // Core Web Vitals of both releases, when any page load reported them (docs/canary-releases.md).
  const vitals = vitalsSummary(d.vitals);
  return terminal`カナリア ${healthText(d.canary)} | 現行 ${healthText(d.live)} (${ruleText(d)})${vitals ? ` | ${vitals}` : ''}`;
};

/** "実行中 10 %" or "自動で取り下げ (…)", with when it started and who started it. */
export function canaryStateText(canary: CanaryState): TerminalText {
  const state =
    canary.status === 'running'
      ? `実行中 ${canary.percent} %`
      : `自動で取り下げ ${canary.percent} %${canary.withdrawn ? ` (${canary.withdrawn.at})` : ''}`;
  const plan = canary.plan;
  const steps = plan
    ? `  ステップ ${plan.step + 1}/${plan.steps.length} (${plan.steps.join(' → ')} %、各 ${plan.soakSeconds} 秒以上)${plan.paused ? ' 一時停止中' : ''}`
    : '';
  return terminal`カナリア ${canary.version}: ${state}${steps}  開始 ${canary.startedAt}  ${canary.actor ?? '-'}`;
}

/** A canary action's answer: the sentence, then where things stand. */
export function printCanary(result: CanaryResult, sentence: TerminalText): void {
  for (const note of result.notes) say(terminal`  ${note}`);
  const where = environmentLabel(result.environment);
  if (result.canary) {
    const { percent, manifestUrl } = result.canary;
    say(terminal`✔ ${sentence} (${where}): 訪問者の ${percent} % に ${manifestUrl}`);
    say(terminal`  残りの訪問者には ${releaseName(result.live?.version ?? null)} を配信します。`);
  } else {
    const live = result.live;
    say(terminal`✔ ${sentence} (${where}): すべての訪問者に ${live ? live.manifestUrl : 'デプロイ時のビルド'}`);
  }
}

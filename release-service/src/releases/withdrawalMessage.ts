/**
 * The audit line's sentence of a withdrawal on health (healthService.ts): what the sequential test
 * found worse — the failure rate, any of LCP, INP and CLS — with the figures it said it on.
 */
import {
  type CanaryDecision,
  type VitalDecision,
  type VitalMetric,
  vitalValueText as vitalValue,
} from 'shared-releases';

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);

const NAMES: Record<VitalMetric, string> = { lcp: 'LCP', inp: 'INP', cls: 'CLS' };

function failureClause(decision: CanaryDecision, statistic = true): string {
  const test = decision.test!;
  return (
    `失敗率 ${percent(decision.canary.failureRate)} (${decision.canary.views} 表示) がライブ ` +
    `${percent(decision.live.failureRate)} (${decision.live.views} 表示) より高い` +
    (statistic ? ` (尤度比 ${test.withdrawStatistic} ≥ 境界 ${test.withdrawBoundary})` : '')
  );
}

/** e.g. 「LCP p75 3,810 ms (52 読み込み) がライブ 2,020 ms (410 読み込み) + 許容 250 ms より遅い …」 */
export function vitalClause(vital: VitalDecision): string {
  const name = NAMES[vital.metric];
  return (
    `${name} p75 ${vitalValue(vital.metric, vital.canary.p75)} (${vital.canary.samples} 読み込み) がライブ ` +
    `${vitalValue(vital.metric, vital.live.p75)} (${vital.live.samples} 読み込み) + 許容 ` +
    `${vitalValue(vital.metric, vital.margin)} より悪い (${vitalValue(vital.metric, vital.threshold)} を超えた読み込み ` +
    `${percent(vital.aboveShare)}、基準 25%、尤度比 ${vital.test.withdrawStatistic} ≥ 境界 ${vital.test.withdrawBoundary})`
  );
}

export function withdrawalMessage(version: string, decision: CanaryDecision): string {
  const on = decision.withdrawnOn ?? ['failures'];
  const test = decision.test!;
  const after = `サービスが取り下げました (開始から ${decision.secondsAfterStart} 秒)。`;
  if (on.length === 1 && on[0] === 'failures') {
    // On the failure rate alone: the sentence as it was before the vitals.
    return (
      `カナリア ${version} の${failureClause(decision, false)}と逐次検定が判定したため` +
      ` (尤度比 ${test.withdrawStatistic} ≥ 境界 ${test.withdrawBoundary}、誤取り下げ率 ${percent(test.alpha)})、${after}`
    );
  }
  const clauses = on.map((what) =>
    what === 'failures' ? failureClause(decision) : vitalClause(decision.vitals!.find((v) => v.metric === what)!),
  );
  const text = clauses.join('、');
  // A space between the kana and a Latin word, as everywhere in the service's sentences.
  const lead = /^[A-Z]/.test(text) ? ' ' : '';
  return `カナリア ${version} の${lead}${text}と逐次検定が判定したため (誤取り下げ率 ${percent(test.alpha)})、${after}`;
}

import {
  type CanaryDecision,
  type CanaryPlan,
  type CanaryResult,
  type SequentialFigures,
  vitalsSummary,
} from 'shared-releases';
import type { CanaryRequest } from '../api/releaseQueries';
import { environmentName } from './environmentName';

/** 0.0123 → "1.2 %"; no views yet → "—" (a rate of nothing is not 0 %). */
export const rateText = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`);

export const viewsText = (views: number) => `${views.toLocaleString('ja-JP')} 回`;

/** A release as the page names it; null is the build deployed with the remote's server. */
export const releaseName = (version: string | null) => version ?? 'デプロイ済みのビルド';

/** A difference of rates in percentage points: 0.05 → "5 ポイント" (the test's minimum effect is one). */
export const pointsText = (difference: number) => `${Number((difference * 100).toFixed(1))} ポイント`;

const DECISION_LABELS = { withdraw: '取り下げ', healthy: '健全', inconclusive: '判定保留' } as const;

/** The test's settings in a sentence: what "withdraw" and "healthy" promise. */
const testSettings = (t: SequentialFigures) =>
  `逐次検定（誤取り下げ率 ${rateText(t.alpha)}、検出力 ${rateText(t.power)}、検出する差 ${pointsText(t.minEffect)}、最小 ${viewsText(t.minCanaryViews)}）`;

/** The statistics beside their boundaries, and whether the live release served as the control. */
const testFigures = (t: SequentialFigures) =>
  `尤度比: 悪化 ${t.withdrawStatistic}（取り下げ境界 ${t.withdrawBoundary}）・健全 ${t.healthyStatistic}（健全境界 ${t.healthyBoundary}）` +
  (t.control === 'live' ? '' : '。現行の表示が少ないため、カナリア単独で判定');

/** The sentence under a figure table of a withdrawal: the rule the service applied (an older service's: its fixed margin). */
export function decisionRule(d: CanaryDecision): string {
  const seconds = `開始から ${d.secondsAfterStart} 秒で判断`;
  if (!d.test) {
    return `判定条件: カナリアの表示が ${d.minCanaryViews} 回以上で、失敗率が現行を ${pointsText(d.margin ?? 0)}より多く上回ったとき（${seconds}）。`;
  }
  return `判定: ${testSettings(d.test)}で現行より悪いと判断（${testFigures(d.test)}、${seconds}）。${vitalsText(d)}`;
}

/** Core Web Vitals of both releases when any page load reported them: "Web Vitals: LCP p75 …。" */
const vitalsText = (d: CanaryDecision) => {
  const summary = vitalsSummary(d.vitals);
  return summary ? `Web Vitals: ${summary}。` : '';
};

/** A running canary's current decision: healthy, inconclusive (or withdraw, until the page reloads). */
export const decisionState = (d: CanaryDecision): string =>
  d.test
    ? `現在の判定: ${DECISION_LABELS[d.outcome ?? 'inconclusive']}（${testSettings(d.test)}。${testFigures(d.test)}）${vitalsText(d)}`
    : '';

export function canaryConfirmation(request: CanaryRequest): { title: string; description: string; confirm: string } {
  const where = `${request.workspace}（${request.remote}）の${environmentName(request.environment)}`;
  switch (request.kind) {
    case 'canary-percent':
      return {
        title: 'カナリアの割合を変更しますか？',
        description: `${where}のカナリア ${request.version} を、訪問者の ${request.from} % から ${request.percent} % に配信します。`,
        confirm: '変更する',
      };
    case 'canary-promote':
      return {
        title: 'カナリアを昇格しますか？',
        description: `${where}のカナリア ${request.version} をすべての訪問者（100 %）に配信します。現行の ${releaseName(request.live)} は配信されなくなります。`,
        confirm: '昇格する',
      };
    case 'canary-abort':
      if (request.withdrawn) {
        return {
          title: 'カナリアを中止しますか？',
          description: `${where}の取り下げられたカナリア ${request.version} を片付けます。訪問者への配信は変わりません（すべての訪問者に現行の ${releaseName(request.live)}）。`,
          confirm: '中止する',
        };
      }
      return {
        title: 'カナリアを中止しますか？',
        description: `${where}のカナリア ${request.version} の配信をやめ、すべての訪問者に現行の ${releaseName(request.live)} を配信します。`,
        confirm: '中止する',
      };
    case 'canary-pause':
      return {
        title: 'カナリアのステップを一時停止しますか？',
        description: `${where}のカナリア ${request.version} を今の割合のまま止め、自動では進めません（失敗率が高ければ取り下げは行われます）。`,
        confirm: '一時停止する',
      };
    case 'canary-start':
      return {
        title: 'カナリアを開始しますか？',
        description:
          `${where}で ${request.version} をカナリアとして訪問者の ${request.percent} % に配信します` +
          `${request.plan ? `（${stepsText(request.plan)}）` : '（割合は手動で変更します）'}。` +
          `ほかの訪問者には現行の ${releaseName(request.live)} を配信します。`,
        confirm: '開始する',
      };
    case 'canary-resume':
      return {
        title: 'カナリアのステップを再開しますか？',
        description: `${where}のカナリア ${request.version} を、健全の判定で次のステップへ自動で進めます。`,
        confirm: '再開する',
      };
  }
}

export function canarySuccess(request: CanaryRequest, result: CanaryResult): string {
  const where = `${request.workspace} の${environmentName(result.environment)}`;
  const live = releaseName(result.live?.version ?? null);
  switch (request.kind) {
    case 'canary-percent':
      return `${where}のカナリア ${request.version} を訪問者の ${result.canary?.percent ?? request.percent} % に配信しています。`;
    case 'canary-promote':
      return `${where}のカナリア ${request.version} を昇格しました。すべての訪問者に ${live} を配信しています。`;
    case 'canary-abort':
      return `${where}のカナリア ${request.version} を中止しました。すべての訪問者に ${live} を配信しています。`;
    case 'canary-pause':
      return `${where}のカナリア ${request.version} のステップを一時停止しました。`;
    case 'canary-start':
      return `${where}でカナリア ${request.version} を訪問者の ${result.canary?.percent ?? request.percent} % に配信しています。`;
    case 'canary-resume':
      return `${where}のカナリア ${request.version} のステップを再開しました。`;
  }
}

/** A soak in the unit it was probably typed in: 600 → "10 分", 90 → "90 秒". */
const soakText = (seconds: number) =>
  seconds % 3600 === 0 ? `${seconds / 3600} 時間` : seconds % 60 === 0 ? `${seconds / 60} 分` : `${seconds} 秒`;

/** The steps of a plan: "1 → 10 → 50 % → 昇格、各 10 分以上・健全の判定で自動で進みます". */
const stepsText = (plan: Pick<CanaryPlan, 'steps' | 'soakSeconds'>) =>
  `${plan.steps.join(' → ')} % → 昇格、各 ${soakText(plan.soakSeconds)}以上・健全の判定で自動で進みます`;

/** A canary's steps (docs/canary-releases.md, "Steps"): where it is, the plan, and whether paused. */
export const planText = (plan: CanaryPlan): string =>
  `${plan.step + 1}/${plan.steps.length}（${stepsText(plan)}）${plan.paused ? '・一時停止中' : ''}`;

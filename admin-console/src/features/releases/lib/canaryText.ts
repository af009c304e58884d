import type { CanaryResult } from 'shared-releases';
import type { CanaryRequest } from '../api/releaseQueries';
import { environmentName } from './environmentName';

/** 0.0123 → "1.2 %"; no views yet → "—" (a rate of nothing is not 0 %). */
export const rateText = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`);

export const viewsText = (views: number) => `${views.toLocaleString('ja-JP')} 回`;

/** A release as the page names it; null is the build deployed with the remote's server. */
export const releaseName = (version: string | null) => version ?? 'デプロイ済みのビルド';

/** A difference of rates in percentage points: 0.25 → "25 ポイント" (the service's margin is one). */
export const pointsText = (difference: number) => `${Number((difference * 100).toFixed(1))} ポイント`;

/** The sentence under a figure table of a withdrawal: the rule the service applied. */
export const decisionRule = (minCanaryViews: number, margin: number, seconds: number) =>
  `判定条件: カナリアの表示が ${minCanaryViews} 回以上で、失敗率が現行を ${pointsText(margin)}より多く上回ったとき（開始から ${seconds} 秒で判断）。`;

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
  }
}

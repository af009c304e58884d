import {
  ReleaseApiError,
  type AuditAction,
  type AuditOutcome,
  type CanaryResult,
  type FlipResult,
} from 'shared-releases';
import type { FlipRequest } from '../api/releaseQueries';
import { canaryConfirmation, canarySuccess } from './canaryText';
import { environmentName } from './environmentName';

export { environmentName };

export const ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  release: 'リリース',
  promote: '昇格',
  rollback: 'ロールバック',
  canary: 'カナリア開始',
  'canary-percent': 'カナリア割合変更',
  'canary-promote': 'カナリア昇格',
  'canary-abort': 'カナリア中止',
  'canary-withdraw': 'カナリア自動取り下げ',
  'canary-pause': 'カナリア一時停止',
  'canary-resume': 'カナリア再開',
};

export const OUTCOME_LABELS: Readonly<Record<AuditOutcome, string>> = {
  done: '完了',
  refused: '拒否',
  forbidden: '権限なし',
  conflict: '競合',
};

/** The confirmation's question and the sentence that names remote, environment and version. */
export function confirmationText(request: FlipRequest): { title: string; description: string; confirm: string } {
  if (request.kind !== 'promote' && request.kind !== 'rollback') return canaryConfirmation(request);
  const where = `${request.workspace}（${request.remote}）`;
  if (request.kind === 'promote') {
    return {
      title: '本番へ昇格しますか？',
      description: `${where} の ${request.version} を${environmentName(request.environment)}に昇格します。公開済みの同じファイルをビルドし直さずに配信します。`,
      confirm: '昇格する',
    };
  }
  return {
    title: 'ロールバックしますか？',
    description: `${where} の${environmentName(request.environment)}を ${request.from} から ${request.version} に戻します。`,
    confirm: 'ロールバックする',
  };
}

export function successText(request: FlipRequest, result: FlipResult | CanaryResult): string {
  if (request.kind !== 'promote' && request.kind !== 'rollback') return canarySuccess(request, result as CanaryResult);
  const environment = environmentName(result.environment);
  const version = result.live?.version ?? request.version;
  return request.kind === 'promote'
    ? `${request.workspace} の ${version} を${environment}に昇格しました。`
    : `${request.workspace} の${environment}を ${version} に戻しました。`;
}

/** The service's Japanese message (a 403 says why), else `fallback` (no answer came). */
export const serviceMessage = (error: unknown, fallback: string) =>
  error instanceof ReleaseApiError && error.message !== '' ? error.message : fallback;

/** A refused promotion, rollback or canary action: the service's message and the gate's problems. */
export function refusalOf(request: FlipRequest, error: unknown): { message: string; problems: readonly string[] } {
  const fallback =
    request.kind === 'promote'
      ? '昇格に失敗しました。'
      : request.kind === 'rollback'
        ? 'ロールバックに失敗しました。'
        : 'カナリアの操作に失敗しました。';
  return { message: serviceMessage(error, fallback), problems: error instanceof ReleaseApiError ? error.problems : [] };
}

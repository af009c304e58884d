/**
 * The article service's messages on top of the ones every service shares (service-kit): every
 * error leaves as JSON `{ "error": "<Japanese message>" }`.
 */
import { MESSAGES as SHARED_MESSAGES } from 'service-kit';

export { ApiError, type ErrorBody, toErrorResponse } from 'service-kit';

const ARTICLE_MESSAGES = {
  articleNotFound: '記事が見つかりませんでした。',
  invalidArticleId: '記事IDは正の整数で指定してください。',
  duplicateSlug: 'このスラッグは既に使われています。別のスラッグを指定してください。',
  missingRelated: (ids: readonly number[]) => `関連記事に存在しない記事IDが含まれています: ${ids.join(', ')}`,
  emptyContent: '本文を入力してください。',
  storageUnavailable: '記事データベースに一時的に接続できません。しばらく待ってから再試行してください。',
  userListUnavailable: 'ユーザー一覧を取得できませんでした。認証サービスの設定を確認してください。',
} as const;

export const MESSAGES: Omit<typeof SHARED_MESSAGES, 'storageUnavailable'> & typeof ARTICLE_MESSAGES = Object.assign(
  {},
  SHARED_MESSAGES,
  ARTICLE_MESSAGES,
);

import { ArticleApiError } from 'shared-articles';

/**
 * The text to show for a failed call: the service's own `error` (the client puts it in the
 * message, e.g. 'ログインが必要です。' on a 401), else the fallback for what was being done.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ArticleApiError && error.message !== '' ? error.message : fallback;
}

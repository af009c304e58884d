import { Spinner } from 'shared-ui';

export const ARTICLES_LOADING_TEXT = '記事を読み込んでいます...';

export function LoadingArticles() {
  return <Spinner label={ARTICLES_LOADING_TEXT} />;
}

import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { relatedArticles } from 'shared-articles';
import { paths } from 'shared-core';
import { LoadingArticles } from '../../../components/LoadingText';
import { QueryError } from '../../../components/QueryError';
import { isNotFound, useBusinessArticle, useBusinessArticles } from '../../../lib/businessArticles';
import { ArticleView } from './ArticleView';

export const ARTICLE_NOT_FOUND_TEXT = '記事が見つかりませんでした。';

/**
 * /business/articles/:slug. Loading → the article, or (unknown slug) the not-found text and a
 * replace-navigation to /not-found once loading has ended. Other failures offer a retry instead:
 * a server hiccup is not a missing article.
 */
export function BusinessArticlePage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const article = useBusinessArticle(slug);
  const list = useBusinessArticles();
  const notFound = isNotFound(article.error);

  useEffect(() => {
    if (notFound) navigate(paths.notFound, { replace: true });
  }, [notFound, navigate]);

  if (article.data) {
    const related = list.data ? relatedArticles(article.data, list.data) : [];
    return <ArticleView article={article.data} related={related} />;
  }
  if (article.isPending) return <LoadingArticles />;
  if (notFound) return <p role="status">{ARTICLE_NOT_FOUND_TEXT}</p>;
  return <QueryError error={article.error} onRetry={() => void article.refetch()} />;
}

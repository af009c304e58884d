import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from 'shared-core';
import { Banner, Container, NotFoundPage, Spinner } from 'shared-ui';
import { ActionButton } from '../../../components/ActionButton';
import { readLocalArticles } from '../../../lib/articles/localArticles';
import { useArticle } from '../../../lib/articles/queries';
import { ArticleView } from './ArticleView';

const Page = styled(Container)`
  max-width: 880px;
  padding-top: 32px;
  padding-bottom: 80px;
`;

const Centered = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  padding: 80px 0;
  text-align: center;
`;

/** /articles/:slug — loading, then the article, or "not found" and a redirect to /not-found. */
export function ArticleDetailPage() {
  const { slug = '' } = useParams();
  const { data: article, isPending, isError, error, refetch } = useArticle(slug);
  if (isPending) {
    return (
      <Page>
        <Spinner label="記事を読み込んでいます..." />
      </Page>
    );
  }
  if (isError) {
    return (
      <Page>
        <Centered>
          <Banner tone="error">{error.message}</Banner>
          <ActionButton type="button" onClick={() => void refetch()}>
            再読み込み
          </ActionButton>
        </Centered>
      </Page>
    );
  }
  return <Page>{article ? <ArticleView article={article} /> : <ArticleNotFound slug={slug} />}</Page>;
}

/**
 * Says so, then replaces the history entry with /not-found (spec section 2). Served by the
 * server, it is the 404 page itself (HTTP 404, readable without JavaScript).
 */
function ArticleNotFound({ slug }: { slug: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    // A server-rendered page does not know the articles stored in this browser: such an article
    // joins the page's data right after hydration, so there is nothing to redirect.
    let mounted = true;
    void readLocalArticles().then((stored) => {
      if (mounted && !stored.some((article) => article.slug === slug)) navigate(paths.notFound, { replace: true });
    });
    return () => {
      mounted = false;
    };
  }, [navigate, slug]);
  return (
    <>
      <Centered>
        <p role="status">記事が見つかりませんでした。</p>
      </Centered>
      <NotFoundPage />
    </>
  );
}

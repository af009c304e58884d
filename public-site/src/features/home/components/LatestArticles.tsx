import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from 'shared-core';
import { Container } from 'shared-ui';
import { ActionButton } from '../../../components/ActionButton';
import { useServedArticles } from '../../../lib/articles/servedArticles';
import { HomeSection } from './homeSection';
import { LatestCards, LatestLoading } from './LatestCards';
import { SectionHeading } from './SectionHeading';

export { HOME_ARTICLE_COUNT } from './LatestCards';

const More = styled.div`
  margin-top: 40px;
  text-align: center;
`;

/**
 * Without a served list the articles are fetched, by a chunk that brings TanStack Query. The
 * server, which has no list only when the service and the snapshot both failed, shows them
 * loading in the same Suspense boundary, so the browser hydrates it and fetches them.
 */
const LatestFromQuery = typeof document === 'undefined' ? LatestLoading : lazy(() => import('./LatestFromQuery'));

/** CONTENTS: the newest articles and the way to all of them. */
export function LatestArticles() {
  const served = useServedArticles();
  return (
    <HomeSection forwardedAs="section" aria-labelledby="contents-title">
      <Container>
        <SectionHeading id="contents-title" eyebrow="CONTENTS">
          最新の記事
        </SectionHeading>
        {served ? (
          <LatestCards articles={served} />
        ) : (
          <Suspense fallback={<LatestLoading />}>
            <LatestFromQuery />
          </Suspense>
        )}
        <More>
          <ActionButton as={Link} to={paths.articles} onClick={() => window.scrollTo({ top: 0 })}>
            もっと見る
          </ActionButton>
        </More>
      </Container>
    </HomeSection>
  );
}

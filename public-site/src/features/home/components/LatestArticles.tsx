import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { EXCERPT_LENGTH } from 'shared-articles';
import { paths } from 'shared-core';
import { Banner, CardGrid, Container, Spinner } from 'shared-ui';
import { ActionButton } from '../../../components/ActionButton';
import { ArticleTeaser } from '../../../components/ArticleTeaser';
import { useArticles } from '../../../lib/articles/queries';
import { HomeSection } from './homeSection';
import { SectionHeading } from './SectionHeading';

/** The home page shows the three newest articles (spec section 9). */
export const HOME_ARTICLE_COUNT = 3;

const More = styled.div`
  margin-top: 40px;
  text-align: center;
`;

/** CONTENTS: the newest articles and the way to all of them. */
export function LatestArticles() {
  const { data, isPending, isError, error } = useArticles();
  return (
    <HomeSection forwardedAs="section" aria-labelledby="contents-title">
      <Container>
        <SectionHeading id="contents-title" eyebrow="CONTENTS">
          最新の記事
        </SectionHeading>
        {isPending ? (
          <Spinner label="記事を読み込んでいます..." />
        ) : isError ? (
          <Banner tone="error">{error.message}</Banner>
        ) : (
          <CardGrid>
            {/* No stagger of their own: the section is far below the hero, and it is its reveal on
                scroll that shows the cards (an entrance at load would run unseen). */}
            {data.slice(0, HOME_ARTICLE_COUNT).map((article) => (
              <ArticleTeaser key={article.slug} article={article} excerptLength={EXCERPT_LENGTH.home} />
            ))}
          </CardGrid>
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

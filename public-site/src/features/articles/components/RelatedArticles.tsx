import styled from 'styled-components';
import type { Article } from 'shared-articles';
import { CardGrid, fonts } from 'shared-ui';
import { ArticleTeaser } from '../../../components/ArticleTeaser';
import { useRelatedArticles } from '../../../lib/articles/queries';

const Section = styled.section`
  margin-top: 64px;
`;

const Title = styled.h2`
  margin: 0 0 24px;
  font-family: ${fonts.heading};
  font-size: 1.375rem;
`;

/** Up to three related articles (the shared rule: listed ids, else the same category). */
export function RelatedArticles({ article }: { article: Article }) {
  const related = useRelatedArticles(article);
  if (related.length === 0) return null;
  return (
    <Section aria-labelledby="related-title">
      <Title id="related-title">関連記事</Title>
      <CardGrid>
        {/* No stagger: the cards stand after the article's body, and an entrance at load would run unseen. */}
        {related.map((item) => (
          <ArticleTeaser key={item.slug} article={item} />
        ))}
      </CardGrid>
    </Section>
  );
}

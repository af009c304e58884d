import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { articleThumbnail, metaDescription, type BusinessArticle } from 'shared-articles';
import { paths, site } from 'shared-core';
import { accentFill, accentText, Button, fonts, media, useDocumentTitle } from 'shared-ui';
import { SafeHtml, useSocialMeta, VisuallyHidden } from 'shared-ui/page';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { useBusinessSettings } from '../../../lib/BusinessSettingsProvider';
import { formatArticleDate } from '../../../lib/timeZones';
import { RelatedArticles } from './RelatedArticles';

const Article = styled.article`
  display: grid;
  gap: 28px;
  max-width: 860px;
`;

const BackLink = styled(Link)`
  justify-self: start;
  font-weight: 700;
  color: ${({ theme }) => accentText(theme)};
`;

const Hero = styled(ImageWithFallback)`
  width: 100%;
  height: auto;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: 16px;
  background: ${({ theme }) => theme.colors.border};
`;

const Header = styled.header`
  display: grid;
  gap: 12px;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Badge = styled.span`
  padding: 2px 12px;
  border-radius: 999px;
  background: ${({ theme }) => accentFill(theme).background};
  color: ${({ theme }) => accentFill(theme).color};
  font-size: 0.85rem;
  font-weight: 700;
`;

const Title = styled.h1`
  margin: 0;
  font-family: ${fonts.heading};
  font-size: 2rem;
  ${media.phone} {
    font-size: 1.5rem;
  }
`;

const Closing = styled.aside`
  display: grid;
  justify-items: center;
  gap: 12px;
  padding: 32px 20px;
  border-radius: 16px;
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  p {
    margin: 0;
  }
`;

interface ArticleViewProps {
  article: BusinessArticle;
  related: BusinessArticle[];
}

/** A business article: image, back link, date, category, body, optional 詳細 link, related, closing block. */
export function ArticleView({ article, related }: ArticleViewProps) {
  const { timezone } = useBusinessSettings().settings;
  const image = articleThumbnail(article);
  useDocumentTitle(article.title);
  useSocialMeta({
    title: `${article.title} | ${site.productName}`,
    description: metaDescription(article.content),
    image: image ?? site.defaultShareImage,
    url: paths.businessArticle(article.slug),
    type: 'article',
  });

  return (
    <Article>
      <BackLink to={paths.businessDashboard}>← ダッシュボードに戻る</BackLink>
      {image && <Hero src={image} alt="" width={860} height={484} fetchPriority="high" />}
      <Header>
        <Meta>
          <time dateTime={article.date}>{formatArticleDate(article.date, timezone)}</time>
          <Badge>{article.category}</Badge>
        </Meta>
        <Title>{article.title}</Title>
      </Header>
      <SafeHtml html={article.content} />
      {article.url && (
        <p>
          <Button as="a" href={article.url} target="_blank" rel="noopener noreferrer" $variant="secondary">
            詳細
            <span aria-hidden="true">↗</span>
            <VisuallyHidden>（新しいタブで開きます）</VisuallyHidden>
          </Button>
        </p>
      )}
      <RelatedArticles articles={related} />
      <Closing aria-label="他の記事">
        <p>ダッシュボードでは、ほかのサービス記事も確認できます。</p>
        <Button as={Link} to={paths.businessDashboard}>
          他の記事も見る
        </Button>
      </Closing>
    </Article>
  );
}

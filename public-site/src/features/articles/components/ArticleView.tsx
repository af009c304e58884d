import styled from 'styled-components';
import { articleThumbnail, formatJapaneseDate, metaDescription, type Article } from 'shared-articles';
import { paths, site } from 'shared-core';
import { fonts, media, useDocumentTitle } from 'shared-ui';
import { SafeHtml, useSocialMeta } from 'shared-ui/page';
import { ActionButton } from '../../../components/ActionButton';
import { Badge } from '../../../components/Badge';
import { BackLink } from '../../../components/BackLink';
import { splitVideo } from '../lib/splitVideo';
import { VideoBlock } from './VideoBlock';
import { FriendPromo } from './FriendPromo';
import { RelatedArticles } from './RelatedArticles';

const Header = styled.header`
  margin: 16px 0 32px;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Title = styled.h1`
  margin: 0;
  font-family: ${fonts.heading};
  font-size: clamp(1.5rem, 3.6vw, 2.25rem);
  line-height: 1.45;
`;

const Body = styled(SafeHtml)`
  min-height: 40vh;
  ${media.phone} {
    min-height: 0;
  }
`;

const ContinueOnNote = styled.div`
  margin-top: 40px;
  text-align: center;
`;

/** A loaded article: header, video, body, note link, related articles and the LINE promo. */
export function ArticleView({ article }: { article: Article }) {
  useDocumentTitle(article.title);
  useSocialMeta({
    title: `${article.title} | ${site.productName}`,
    description: metaDescription(article.content),
    // The card's picture (a video article without an image has its YouTube thumbnail), so a shared
    // link shows what the article list shows rather than the site's default picture.
    image: articleThumbnail(article) ?? site.defaultShareImage,
    url: paths.article(article.slug),
    type: 'article',
    article: { headline: article.title, datePublished: article.date },
  });

  const { videoId, body } =
    article.articleType === 'youtube' ? splitVideo(article.content) : { videoId: null, body: article.content };
  const noteLink = article.articleType === 'note' ? (article.noteUrl ?? article.url) : undefined;

  return (
    <article>
      <BackLink to={paths.articles}>記事一覧に戻る</BackLink>
      <Header>
        <Meta>
          <Badge>{article.category}</Badge>
          <time dateTime={article.date}>{formatJapaneseDate(article.date)}</time>
        </Meta>
        <Title>{article.title}</Title>
      </Header>
      {videoId && <VideoBlock videoId={videoId} title={article.title} />}
      <Body html={body} />
      {noteLink && (
        <ContinueOnNote>
          <ActionButton as="a" href={noteLink} target="_blank" rel="noopener noreferrer">
            noteで続きを読む
          </ActionButton>
        </ContinueOnNote>
      )}
      <RelatedArticles article={article} />
      <FriendPromo />
    </article>
  );
}

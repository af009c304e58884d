import { excerpt, formatJapaneseDate, type Article } from 'shared-articles';
import { paths } from 'shared-core';
import { ArticleCard } from 'shared-ui';
import { articleCardImage } from '../lib/articles/cardImage';
import type { ArticleCardData } from '../lib/articles/relatedCards';

/** A card's article: a related card, or an article whose body gives the excerpt (and a video's thumbnail). */
type TeaserArticle = Omit<ArticleCardData, 'id'> & Partial<Pick<Article, 'content'>>;

interface ArticleTeaserProps {
  article: TeaserArticle;
  /** Plain-text characters of the excerpt (150 on lists, 100 on the home page); none when omitted. */
  excerptLength?: number;
  /** Position in a list whose cards enter staggered; none for a card with no entrance of its own (see ArticleCard). */
  index?: number;
  loading?: 'lazy' | 'eager';
  headingLevel?: 2 | 3;
}

/** An article as a card linking to /articles/{slug}. */
export function ArticleTeaser({ article, excerptLength, index, loading, headingLevel }: ArticleTeaserProps) {
  return (
    <ArticleCard
      href={paths.article(article.slug)}
      title={article.title}
      image={articleCardImage(article)}
      showImagePlaceholder
      loading={loading}
      category={article.category}
      dateLabel={formatJapaneseDate(article.date)}
      dateTime={article.date}
      excerpt={excerptLength && article.content !== undefined ? excerpt(article.content, excerptLength) : undefined}
      ctaText="続きを読む"
      index={index}
      headingLevel={headingLevel}
    />
  );
}

import { excerpt, formatJapaneseDate, type Article } from 'shared-articles';
import { paths } from 'shared-core';
import { ArticleCard } from 'shared-ui';
import { articleCardImage } from '../lib/articles/cardImage';

interface ArticleTeaserProps {
  article: Article;
  /** Plain-text characters of the excerpt (150 on lists, 100 on the home page); none when omitted. */
  excerptLength?: number;
  index: number;
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
      excerpt={excerptLength ? excerpt(article.content, excerptLength) : undefined}
      ctaText="続きを読む"
      index={index}
      headingLevel={headingLevel}
    />
  );
}

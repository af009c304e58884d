import { EXCERPT_LENGTH, type Article } from 'shared-articles';
import { CardGrid, Spinner } from 'shared-ui';
import { ArticleTeaser } from '../../../components/ArticleTeaser';

/** The home page shows the three newest articles (spec section 9). */
export const HOME_ARTICLE_COUNT = 3;

/** The newest articles' cards. */
export function LatestCards({ articles }: { articles: readonly Article[] }) {
  return (
    <CardGrid>
      {/* No stagger of their own: the section is far below the hero, and it is its reveal on
          scroll that shows the cards (an entrance at load would run unseen). */}
      {articles.slice(0, HOME_ARTICLE_COUNT).map((article) => (
        <ArticleTeaser key={article.slug} article={article} excerptLength={EXCERPT_LENGTH.home} />
      ))}
    </CardGrid>
  );
}

export function LatestLoading() {
  return <Spinner label="記事を読み込んでいます..." />;
}

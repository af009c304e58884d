import { articleThumbnail, relatedArticles, type Article } from 'shared-articles';

/**
 * What a related-article card shows (spec section 4): everything but the body. An article page
 * carries these instead of the whole list: the list's bodies were two thirds of its served HTML.
 * A video article's thumbnail, which comes from its body, is resolved here.
 */
export type ArticleCardData = Pick<Article, 'id' | 'slug' | 'title' | 'category' | 'date' | 'articleType'> & {
  image?: string;
};

/** The cards of `article`'s related articles among `all`, chosen and ordered by the shared rule. */
export function relatedCards(article: Article, all: readonly Article[]): ArticleCardData[] {
  return relatedArticles(article, all).map((related) => {
    const image = articleThumbnail(related);
    const { id, slug, title, category, date, articleType } = related;
    // No `image: undefined`: the server's JSON and the browser's data must render alike.
    return image
      ? { id, slug, title, category, date, articleType, image }
      : { id, slug, title, category, date, articleType };
  });
}

/**
 * Article storage behind a small async interface: the routes see only this, whichever engine
 * (sqlite/ or postgres/) holds the rows. Both implementations pass the same test suite.
 */
import type { Article, BusinessArticle } from 'shared-articles';

/**
 * A validated, sanitised article to write. Without a slug, create takes the first free of
 * `slugBase`, `slugBase-2`, … (or `article-<id>` without a base) in the same transaction as the
 * insert, so concurrent creates of one title never collide; update keeps the current slug.
 */
export type ArticleDraft = Omit<Article, 'id' | 'slug' | 'businessId'> & { slug?: string; slugBase?: string };

export class DuplicateSlugError extends Error {
  constructor(readonly slug: string) {
    super(`slug already in use: ${slug}`);
    this.name = 'DuplicateSlugError';
  }
}

export interface ArticleRepository {
  /** Newest first: date descending, then id descending. */
  list(): Promise<Article[]>;
  get(id: number): Promise<Article | undefined>;
  getBySlug(slug: string): Promise<Article | undefined>;
  /** @throws DuplicateSlugError */
  create(draft: ArticleDraft): Promise<Article>;
  /** Undefined when no article has this id. @throws DuplicateSlugError */
  update(id: number, draft: ArticleDraft): Promise<Article | undefined>;
  /** Also removes the id from other articles' related lists. False when no article has this id. */
  delete(id: number): Promise<boolean>;
  slugExists(slug: string, exceptId?: number): Promise<boolean>;
  /** `base`, or the first of `base-2`, `base-3`, … that no article uses. */
  availableSlug(base: string): Promise<string>;
  /** The ids among `ids` that no article has. */
  missingIds(ids: readonly number[]): Promise<number[]>;
  listBusiness(): Promise<BusinessArticle[]>;
  getBusinessBySlug(slug: string): Promise<BusinessArticle | undefined>;
}

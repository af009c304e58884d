/**
 * The article model shared by the API, the public site, the business portal and the admin console.
 * The shapes the API answers with are inferred from their schemas (./contract.ts); the input the
 * API accepts from its zod schema (./schema.ts, type-only here so zod stays off the main entry).
 */
export type { Article, ArticleFields, BusinessArticle, AdminUser, ServerInfo } from './contract';
export type { ArticleInput } from './schema';

export const ARTICLE_TYPES = ['note', 'youtube', 'seminar', 'workshop', 'guide'] as const;

export type ArticleType = (typeof ARTICLE_TYPES)[number];

/** The /contents categories, in the order the filter offers them. */
export const CONTENT_CATEGORIES = ['基礎知識', 'ビジネス', 'スキル', 'ツール', '法律', '倫理'] as const;

export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];

/** An entry of the /contents list; `body` is the page shown at `url`. */
export interface ContentItem {
  id: number;
  title: string;
  description: string;
  category: ContentCategory;
  /** YYYY.MM.DD, as the contents list displays it. */
  date: string;
  /** Site path, /contents/{slug}. */
  url: string;
  /** Several paragraphs of HTML. */
  body: string;
}

/** The article model shared by the API, the public site, the business portal and the admin console. */

export type ArticleType = 'note' | 'youtube' | 'seminar' | 'workshop' | 'guide';

export const ARTICLE_TYPES: readonly ArticleType[] = ['note', 'youtube', 'seminar', 'workshop', 'guide'];

/** Fields common to public and business articles; `Id` is a number for public articles, a string for business ones. */
export interface ArticleFields<Id extends number | string> {
  id: Id;
  title: string;
  /** Sanitised HTML (sometimes plain text); video articles embed a YouTube iframe. */
  content: string;
  /** YYYY-MM-DD */
  date: string;
  category: string;
  /** One or several topic tags joined by commas ('' when none). */
  tag: string;
  image?: string;
  /** URL key, unique among articles of the same kind. */
  slug: string;
  /** External source or details link. */
  url?: string;
  /** Continue-reading link on note.com (note articles). */
  noteUrl?: string;
  /** Hand-picked related articles, in display order (may be empty). */
  relatedArticles: Id[];
  articleType: ArticleType;
}

export interface Article extends ArticleFields<number> {
  businessId?: string;
}

export interface BusinessArticle extends ArticleFields<string> {
  businessId: string;
}

export type ContentCategory = '基礎知識' | 'ビジネス' | 'スキル' | 'ツール' | '法律' | '倫理';

export const CONTENT_CATEGORIES: readonly ContentCategory[] = [
  '基礎知識',
  'ビジネス',
  'スキル',
  'ツール',
  '法律',
  '倫理',
];

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

/**
 * What POST /api/articles and PUT /api/articles/:id accept. Optional link fields may be sent as
 * '' or null to mean "none"; an absent slug is generated on create and kept on update.
 */
export interface ArticleInput {
  title: string;
  content: string;
  category: string;
  date: string;
  tag?: string;
  image?: string | null;
  url?: string | null;
  noteUrl?: string | null;
  slug?: string | null;
  relatedArticles?: number[];
  articleType?: ArticleType;
}

/** A Firebase Auth user as GET /api/admin/users lists it. Dates are ISO 8601 strings. */
export interface AdminUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  createdAt: string | null;
  lastSignInAt: string | null;
  isAdmin: boolean;
}

/** GET /api/admin/info */
export interface ServerInfo {
  adminEmails: string[];
  /** 'emulator', or the Firebase project id whose tokens are accepted. */
  authBackend: string;
  emulatorHost?: string;
  /** File name of the SQLite database (never the full path). */
  databasePath: string;
  version: string;
}

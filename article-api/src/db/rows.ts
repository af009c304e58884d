/**
 * Mapping between the model and table rows (both engines): snake_case columns, NULL for absent
 * links, JSON for related ids (text in SQLite, already parsed from jsonb by node-postgres).
 */
import type { ColumnType, Generated } from 'kysely';
import type { Article, ArticleFields, ArticleType, BusinessArticle } from 'shared-articles';

export interface ArticleRow {
  id: number;
  slug: string;
  title: string;
  content: string;
  date: string;
  category: string;
  tag: string;
  image: string | null;
  url: string | null;
  note_url: string | null;
  related_articles: string | unknown[];
  article_type: string;
}

export interface BusinessArticleRow extends Omit<ArticleRow, 'id'> {
  id: string;
  business_id: string;
}

/** The tables as Kysely sees them (the schema itself is the migrations' SQL, per engine). */
export interface ArticleTables {
  articles: Omit<ArticleRow, 'id' | 'related_articles'> & {
    id: Generated<number>;
    /** Written as JSON text; read back as text (SQLite) or parsed (PostgreSQL jsonb). */
    related_articles: ColumnType<string | unknown[], string, string>;
    updated_at: ColumnType<string, never, string>;
  };
  business_articles: Omit<BusinessArticleRow, 'related_articles'> & {
    related_articles: ColumnType<string | unknown[], string, string>;
  };
}

/** Everything but the id: what create and update write. */
export type ArticleColumns = Omit<ArticleRow, 'id' | 'related_articles'> & { related_articles: string };

/** The written columns in one fixed order (positional parameters in PostgreSQL). */
export const ARTICLE_COLUMNS = [
  'slug',
  'title',
  'content',
  'date',
  'category',
  'tag',
  'image',
  'url',
  'note_url',
  'related_articles',
  'article_type',
] as const satisfies ReadonlyArray<keyof ArticleColumns>;

type Fields<Id extends number | string> = Omit<ArticleFields<Id>, 'id'>;

export function toColumns<Id extends number | string>(article: Fields<Id>): ArticleColumns {
  return {
    slug: article.slug,
    title: article.title,
    content: article.content,
    date: article.date,
    category: article.category,
    tag: article.tag,
    image: article.image ?? null,
    url: article.url ?? null,
    note_url: article.noteUrl ?? null,
    related_articles: JSON.stringify(article.relatedArticles),
    article_type: article.articleType,
  };
}

function fromColumns<Id extends number | string>(row: Omit<ArticleRow, 'id'>, id: Id): ArticleFields<Id> {
  const article: ArticleFields<Id> = {
    id,
    title: row.title,
    content: row.content,
    date: row.date,
    category: row.category,
    tag: row.tag,
    slug: row.slug,
    relatedArticles: (typeof row.related_articles === 'string'
      ? JSON.parse(row.related_articles)
      : row.related_articles) as Id[],
    articleType: row.article_type as ArticleType,
  };
  // Absent links stay absent in the JSON instead of appearing as null.
  if (row.image !== null) article.image = row.image;
  if (row.url !== null) article.url = row.url;
  if (row.note_url !== null) article.noteUrl = row.note_url;
  return article;
}

export function rowToArticle(row: ArticleRow): Article {
  return fromColumns(row, row.id);
}

export function rowToBusinessArticle(row: BusinessArticleRow): BusinessArticle {
  return Object.assign(fromColumns(row, row.id), { businessId: row.business_id });
}

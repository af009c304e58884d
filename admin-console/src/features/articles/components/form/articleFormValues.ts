import type { FieldErrors, Resolver } from 'react-hook-form';
import { todayIsoDate, type Article, type ArticleType } from 'shared-articles';
import { articleInputSchema, fieldErrors } from 'shared-articles/schema';

/** The form's state: every text field is a string ('' = none), as the service accepts it. */
export interface ArticleFormValues {
  title: string;
  category: string;
  date: string;
  content: string;
  tag: string;
  image: string;
  url: string;
  noteUrl: string;
  slug: string;
  relatedArticles: number[];
  articleType: ArticleType;
}

export type ArticleFormField = keyof ArticleFormValues;

const FORM_FIELDS: readonly ArticleFormField[] = [
  'title',
  'category',
  'date',
  'content',
  'tag',
  'image',
  'url',
  'noteUrl',
  'slug',
  'relatedArticles',
  'articleType',
];

export const isFormField = (name: string): name is ArticleFormField =>
  (FORM_FIELDS as readonly string[]).includes(name);

/** A new article: dated today (Japan time, spec section 5). */
export function emptyArticleValues(today = todayIsoDate()): ArticleFormValues {
  return {
    title: '',
    category: '',
    date: today,
    content: '',
    tag: '',
    image: '',
    url: '',
    noteUrl: '',
    slug: '',
    relatedArticles: [],
    articleType: 'note',
  };
}

export function articleToFormValues(article: Article): ArticleFormValues {
  return {
    title: article.title,
    category: article.category,
    date: article.date,
    content: article.content,
    tag: article.tag ?? '',
    image: article.image ?? '',
    url: article.url ?? '',
    noteUrl: article.noteUrl ?? '',
    slug: article.slug,
    relatedArticles: [...article.relatedArticles],
    articleType: article.articleType,
  };
}

/**
 * Validates with the very schema article-api uses (`shared-articles/schema`), so the form shows
 * the service's own messages before a request is made. The values pass through untouched: the
 * service normalises them itself, and '' must reach it to clear a link on update.
 */
export const articleFormResolver: Resolver<ArticleFormValues> = async (values) => {
  const result = articleInputSchema.safeParse(values);
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<ArticleFormValues> = {};
  for (const [field, message] of Object.entries(fieldErrors(result.error))) {
    if (isFormField(field)) errors[field] = { type: 'schema', message };
  }
  return { values: {}, errors };
};

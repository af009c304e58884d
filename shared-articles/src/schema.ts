/**
 * Runtime validation of article input (entry `shared-articles/schema`): the API validates POST and
 * PUT bodies with it and the admin form validates before sending, so both show the same messages.
 */
import { z } from 'zod';
import { isValidIsoDate } from './dates';
import { ARTICLE_TYPES } from './types';

// Before any schema exists: no `new Function` probe, which a strict CSP reports (see shared-core/src/zod.ts).
z.config({ jitless: true });

export const ARTICLE_LIMITS = {
  titleMaxChars: 200,
  categoryMaxChars: 50,
  tagMaxChars: 200,
  /** Measured in UTF-8 bytes: what the database and the wire actually carry. */
  contentMaxBytes: 200 * 1024,
  urlMaxChars: 2048,
  relatedMaxCount: 10,
} as const;

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;

const MESSAGES = {
  titleRequired: 'タイトルを入力してください。',
  titleTooLong: `タイトルは${ARTICLE_LIMITS.titleMaxChars}文字以内で入力してください。`,
  categoryRequired: 'カテゴリーを入力してください。',
  categoryTooLong: `カテゴリーは${ARTICLE_LIMITS.categoryMaxChars}文字以内で入力してください。`,
  date: '日付はYYYY-MM-DD形式の正しい日付で入力してください。',
  contentRequired: '本文を入力してください。',
  contentTooLarge: '本文は200KB以内で入力してください。',
  tag: `タグは${ARTICLE_LIMITS.tagMaxChars}文字以内の文字列で入力してください。`,
  slug: 'スラッグは半角英小文字・数字・ハイフンの100文字以内で、英数字から始めてください。',
  relatedArticles: '関連記事は記事ID（正の整数）の一覧で指定してください。',
  relatedTooMany: `関連記事は${ARTICLE_LIMITS.relatedMaxCount}件まで指定できます。`,
  articleType: '記事タイプは note, youtube, seminar, workshop, guide のいずれかを指定してください。',
  unknownField: 'この項目は受け付けていません。',
  notAnObject: '記事データをJSONオブジェクトで送信してください。',
} as const;

const URL_LABELS = { image: '画像URL', url: '参照URL', noteUrl: 'note記事のURL' } as const;

const charCount = (text: string): number => Array.from(text).length;
const utf8ByteLength = (text: string): number => new TextEncoder().encode(text).length;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function requiredText(required: string, tooLong: string, maxChars: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((value) => charCount(value) <= maxChars, tooLong);
}

/** Optional http(s) URL; '' and null mean "none" so a form can send its empty field as is. */
function optionalHttpUrl(label: string) {
  const message = `${label}はhttp://またはhttps://で始まる${ARTICLE_LIMITS.urlMaxChars}文字以内のURLで入力してください。`;
  return z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || (value.length <= ARTICLE_LIMITS.urlMaxChars && isHttpUrl(value)), message)
    .nullish()
    .transform((value) => value || undefined);
}

/** "AI, 副業、,SNS" → "AI,副業,SNS": tags are stored comma-joined without blanks. */
function normalizeTags(tags: string): string {
  return tags
    .split(/[,、，]/)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
    .join(',');
}

export const articleTypeSchema = z.enum(ARTICLE_TYPES, {
  error: MESSAGES.articleType,
});

export const articleInputSchema = z.strictObject(
  {
    title: requiredText(MESSAGES.titleRequired, MESSAGES.titleTooLong, ARTICLE_LIMITS.titleMaxChars),
    category: requiredText(MESSAGES.categoryRequired, MESSAGES.categoryTooLong, ARTICLE_LIMITS.categoryMaxChars),
    date: z.string({ error: MESSAGES.date }).trim().refine(isValidIsoDate, MESSAGES.date),
    content: z
      .string({ error: MESSAGES.contentRequired })
      .refine((value) => value.trim() !== '', MESSAGES.contentRequired)
      .refine((value) => utf8ByteLength(value) <= ARTICLE_LIMITS.contentMaxBytes, MESSAGES.contentTooLarge),
    tag: z
      .string({ error: MESSAGES.tag })
      .refine((value) => charCount(value) <= ARTICLE_LIMITS.tagMaxChars, MESSAGES.tag)
      .optional()
      .transform((value) => normalizeTags(value ?? '')),
    image: optionalHttpUrl(URL_LABELS.image),
    url: optionalHttpUrl(URL_LABELS.url),
    noteUrl: optionalHttpUrl(URL_LABELS.noteUrl),
    slug: z
      .string({ error: MESSAGES.slug })
      .trim()
      .refine((value) => value === '' || SLUG_PATTERN.test(value), MESSAGES.slug)
      .nullish()
      .transform((value) => value || undefined),
    relatedArticles: z
      .array(
        z.number({ error: MESSAGES.relatedArticles }).int(MESSAGES.relatedArticles).positive(MESSAGES.relatedArticles),
        {
          error: MESSAGES.relatedArticles,
        },
      )
      .max(ARTICLE_LIMITS.relatedMaxCount, MESSAGES.relatedTooMany)
      .optional()
      .transform((ids) => [...new Set(ids ?? [])]),
    articleType: articleTypeSchema.default('note'),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? MESSAGES.unknownField : MESSAGES.notAnObject),
  },
);

/**
 * What POST /api/articles and PUT /api/articles/:id accept. Optional link fields may be sent as
 * '' or null to mean "none"; an absent slug is generated on create and kept on update.
 */
export type ArticleInput = z.input<typeof articleInputSchema>;

/** Input after validation: trimmed, tags normalised, empty links removed, defaults applied. */
export type ValidArticleInput = z.output<typeof articleInputSchema>;

/** First message per top-level field; each unknown field gets its own entry. Form-level issues are left out. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  const add = (field: string, message: string) => {
    if (field !== '' && !(field in fields)) fields[field] = message;
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') issue.keys.forEach((key) => add(key, issue.message));
    else add(String(issue.path[0] ?? ''), issue.message);
  }
  return fields;
}

export type ArticleInputResult =
  { success: true; data: ValidArticleInput } | { success: false; message: string; fieldErrors: Record<string, string> };

/** Validates unknown input; `message` is the first problem, fit for a banner. */
export function validateArticleInput(input: unknown): ArticleInputResult {
  const result = articleInputSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    message: result.error.issues[0]?.message ?? MESSAGES.notAnObject,
    fieldErrors: fieldErrors(result.error),
  };
}

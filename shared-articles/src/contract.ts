/**
 * What article-api answers, as schemas: the types the apps and the API use are inferred from them,
 * the client checks every response against them, and the public site reads its build snapshot and
 * the locally stored `articles` through the same article schema.
 *
 * zod/mini, not zod: this file is on the main entry, which reaches every visitor, and mini
 * tree-shakes to the few validators used here (the full zod stays behind `shared-articles/schema`).
 *
 * An article needs its identity and text (id, title, content, date, category, slug); the rest is
 * forgiving, because stored or hand-edited copies should lose a detail rather than the article:
 * a missing or malformed tag, related list or type gets the model's default ('', [], 'note'),
 * malformed links are dropped, non-integer related ids are skipped.
 */
import { z } from './zod';
import { isValidIsoDate } from './dates';
import { ARTICLE_TYPES } from './types';

const nonBlank = z.string().check(z.refine((value) => value.trim() !== ''));
const isoDate = z.string().check(z.refine(isValidIsoDate));
const optionalLink = z.catch(z.optional(nonBlank), undefined);

const integerIds = z.catch(
  z.pipe(
    z.array(z.unknown()),
    z.transform((ids) => ids.filter((id): id is number => Number.isSafeInteger(id))),
  ),
  [],
);
const stringIds = z.catch(
  z.pipe(
    z.array(z.unknown()),
    z.transform((ids) => ids.filter((id): id is string => typeof id === 'string')),
  ),
  [],
);

/** Absent links stay absent (not `undefined` keys), so an article round-trips through JSON unchanged. */
const withoutEmptyLinks = <T extends { image?: string; url?: string; noteUrl?: string }>(article: T): T => {
  const copy = { ...article };
  for (const key of ['image', 'url', 'noteUrl'] as const) if (copy[key] === undefined) delete copy[key];
  return copy;
};

const commonFields = {
  title: nonBlank,
  /** Sanitised HTML (sometimes plain text); video articles embed a YouTube iframe. */
  content: z.string(),
  /** YYYY-MM-DD */
  date: isoDate,
  category: nonBlank,
  /** One or several topic tags joined by commas ('' when none). */
  tag: z.catch(z.string(), ''),
  image: optionalLink,
  /** URL key, unique among articles of the same kind. */
  slug: nonBlank,
  /** External source or details link. */
  url: optionalLink,
  /** Continue-reading link on note.com (note articles). */
  noteUrl: optionalLink,
  articleType: z.catch(z.enum(ARTICLE_TYPES), 'note'),
};

/** A public article (GET /api/articles…); `relatedArticles` are hand-picked ids in display order. */
export const articleSchema = z.pipe(
  z.object({ ...commonFields, id: z.int(), relatedArticles: integerIds, businessId: z.optional(z.string()) }),
  z.transform(withoutEmptyLinks),
);

/** An article of the business dashboard (GET /api/business/articles…): string ids. */
export const businessArticleSchema = z.pipe(
  z.object({ ...commonFields, id: z.string(), relatedArticles: stringIds, businessId: z.string() }),
  z.transform(withoutEmptyLinks),
);

/** A Firebase Auth user as GET /api/admin/users lists it. Dates are ISO 8601 strings. */
export const adminUserSchema = z.object({
  uid: z.string(),
  email: z.nullable(z.string()),
  emailVerified: z.boolean(),
  displayName: z.nullable(z.string()),
  createdAt: z.nullable(z.string()),
  lastSignInAt: z.nullable(z.string()),
  isAdmin: z.boolean(),
});

/** GET /api/admin/info */
export const serverInfoSchema = z.object({
  adminEmails: z.array(z.string()),
  /** 'emulator', or the Firebase project id whose tokens are accepted. */
  authBackend: z.string(),
  emulatorHost: z.optional(z.string()),
  /** File name of the SQLite database (never the full path). */
  databasePath: z.string(),
  version: z.string(),
});

export type Article = z.output<typeof articleSchema>;
export type BusinessArticle = z.output<typeof businessArticleSchema>;
export type AdminUser = z.output<typeof adminUserSchema>;
export type ServerInfo = z.output<typeof serverInfoSchema>;

/** Fields common to public and business articles; `Id` is a number for public articles, a string for business ones. */
export type ArticleFields<Id extends number | string> = Omit<Article, 'id' | 'relatedArticles' | 'businessId'> & {
  id: Id;
  relatedArticles: Id[];
};

/** An Article from untrusted JSON (the build snapshot, the `articles` storage key), or null. */
export function parseArticle(value: unknown): Article | null {
  const parsed = articleSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The valid articles of an untrusted list; anything that is not a list yields []. */
export function parseArticleList(value: unknown): Article[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => parseArticle(entry) ?? []);
}

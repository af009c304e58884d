/**
 * What article-api answers, as schemas: the types the apps and the API use are inferred from them,
 * the client checks every response against them, and the public site reads its build snapshot and
 * the locally stored `articles` through the same article schema.
 *
 * zod/mini, not zod (the full zod stays behind `shared-articles/schema`), and loaded on demand
 * (./lazyContract.ts): by the client's first request and by the stored articles when there are
 * some, so a page that asks the service nothing, like a served `/`, downloads no zod
 * (docs/performance.md, "JavaScript on `/`").
 *
 * An article needs its identity and text (id, title, content, date, category, slug); the rest is
 * forgiving, because stored or hand-edited copies should lose a detail rather than the article:
 * a missing or malformed tag, related list or type gets the model's default ('', [], 'note'),
 * malformed links are dropped, non-integer related ids are skipped.
 */
import { zm, type ZodMini } from './zod';
import { isValidIsoDate } from './dates';
import { ARTICLE_TYPES } from './types';

const nonBlank = zm.string().check(zm.refine((value) => value.trim() !== ''));
const isoDate = zm.string().check(zm.refine(isValidIsoDate));
const optionalLink = zm.catch(zm.optional(nonBlank), undefined);

const integerIds = zm.catch(
  zm.pipe(
    zm.array(zm.unknown()),
    zm.transform((ids) => ids.filter((id): id is number => Number.isSafeInteger(id))),
  ),
  [],
);
const stringIds = zm.catch(
  zm.pipe(
    zm.array(zm.unknown()),
    zm.transform((ids) => ids.filter((id): id is string => typeof id === 'string')),
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
  content: zm.string(),
  /** YYYY-MM-DD */
  date: isoDate,
  category: nonBlank,
  /** One or several topic tags joined by commas ('' when none). */
  tag: zm.catch(zm.string(), ''),
  image: optionalLink,
  /** URL key, unique among articles of the same kind. */
  slug: nonBlank,
  /** External source or details link. */
  url: optionalLink,
  /** Continue-reading link on note.com (note articles). */
  noteUrl: optionalLink,
  articleType: zm.catch(zm.enum(ARTICLE_TYPES), 'note'),
};

/** A public article (GET /api/articles…); `relatedArticles` are hand-picked ids in display order. */
export const articleSchema = zm.pipe(
  zm.object({ ...commonFields, id: zm.int(), relatedArticles: integerIds, businessId: zm.optional(zm.string()) }),
  zm.transform(withoutEmptyLinks),
);

/** An article of the business dashboard (GET /api/business/articles…): string ids. */
export const businessArticleSchema = zm.pipe(
  zm.object({ ...commonFields, id: zm.string(), relatedArticles: stringIds, businessId: zm.string() }),
  zm.transform(withoutEmptyLinks),
);

/** A Firebase Auth user as GET /api/admin/users lists it. Dates are ISO 8601 strings. */
export const adminUserSchema = zm.object({
  uid: zm.string(),
  email: zm.nullable(zm.string()),
  emailVerified: zm.boolean(),
  displayName: zm.nullable(zm.string()),
  createdAt: zm.nullable(zm.string()),
  lastSignInAt: zm.nullable(zm.string()),
  isAdmin: zm.boolean(),
});

/** GET /api/admin/info */
export const serverInfoSchema = zm.object({
  adminEmails: zm.array(zm.string()),
  /** 'emulator', or the Firebase project id whose tokens are accepted. */
  authBackend: zm.string(),
  emulatorHost: zm.optional(zm.string()),
  /** File name of the SQLite database (never the full path). */
  databasePath: zm.string(),
  version: zm.string(),
});

export const articleListSchema = zm.array(articleSchema);
export const businessArticleListSchema = zm.array(businessArticleSchema);
export const adminUserListSchema = zm.array(adminUserSchema);

export type Article = ZodMini.output<typeof articleSchema>;
export type BusinessArticle = ZodMini.output<typeof businessArticleSchema>;
export type AdminUser = ZodMini.output<typeof adminUserSchema>;
export type ServerInfo = ZodMini.output<typeof serverInfoSchema>;

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

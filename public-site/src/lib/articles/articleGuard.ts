import { ARTICLE_TYPES, isValidIsoDate, type Article, type ArticleType } from 'shared-articles';

type UnknownRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is UnknownRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const optionalText = (value: unknown): string | undefined => (isText(value) ? value : undefined);
const isArticleType = (value: unknown): value is ArticleType => ARTICLE_TYPES.includes(value as ArticleType);

/**
 * An Article from untrusted JSON (the build snapshot, the `articles` storage key), or null when a
 * required field is missing or malformed. Optional fields that are malformed are dropped; missing
 * tag/relatedArticles/articleType get the model's defaults ('', [], 'note').
 */
export function toArticle(value: unknown): Article | null {
  if (!isRecord(value)) return null;
  const { id, title, content, date, category, slug } = value;
  if (typeof id !== 'number' || !Number.isInteger(id)) return null;
  if (!isText(title) || typeof content !== 'string' || !isText(category) || !isText(slug)) return null;
  if (typeof date !== 'string' || !isValidIsoDate(date)) return null;

  const related = Array.isArray(value.relatedArticles) ? value.relatedArticles : [];
  const image = optionalText(value.image);
  const url = optionalText(value.url);
  const noteUrl = optionalText(value.noteUrl);
  return {
    id,
    title,
    content,
    date,
    category,
    slug,
    tag: typeof value.tag === 'string' ? value.tag : '',
    relatedArticles: related.filter((entry): entry is number => typeof entry === 'number' && Number.isInteger(entry)),
    articleType: isArticleType(value.articleType) ? value.articleType : 'note',
    ...(image ? { image } : {}),
    ...(url ? { url } : {}),
    ...(noteUrl ? { noteUrl } : {}),
  };
}

/** The valid articles of an untrusted list; anything that is not a list yields []. */
export function toArticles(value: unknown): Article[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => toArticle(entry) ?? []);
}

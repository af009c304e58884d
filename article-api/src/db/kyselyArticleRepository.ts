/**
 * The article repository, written once for both engines with Kysely. What still differs between
 * SQLite and PostgreSQL is the small `ArticleEngine` each engine's storage module hands in.
 */
import { randomUUID } from 'node:crypto';
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { compiledOnce } from 'service-kit/kysely';
import { type ArticleDraft, type ArticleRepository, DuplicateSlugError } from './articleRepository';
import { type ArticleTables, rowToArticle, rowToBusinessArticle, toColumns } from './rows';

type Db = Kysely<ArticleTables> | Transaction<ArticleTables>;

export interface ArticleEngine {
  /** The date column as the model writes it (YYYY-MM-DD), whatever the engine stores. */
  readonly date: Expression<string>;
  /** The current time as the engine stores updated_at. */
  readonly now: Expression<string>;
  /** False for a text the engine cannot hold (PostgreSQL: NUL), which then names no stored row. */
  storable(text: string): boolean;
  /** The engine's unique violation of a slug constraint (duck-typed: errors may come from another realm). */
  isUniqueSlugViolation(error: unknown): boolean;
  /** Holds `base` until the transaction ends, so creates deriving the same base take turns. */
  lockSlug(trx: Transaction<ArticleTables>, base: string): Promise<void>;
  /** The next article id before the insert, when the engine can hand it out (a sequence); else undefined. */
  reserveId(trx: Transaction<ArticleTables>): Promise<number | undefined>;
  /** Rows whose related_articles contain `id`. */
  relatesTo(id: number): Expression<SqlBool>;
}

const COLUMNS = ['slug', 'title', 'content', 'category', 'tag', 'image', 'url', 'note_url'] as const;
const REST = ['related_articles', 'article_type'] as const;

export function createArticleRepository(kysely: Kysely<ArticleTables>, engine: ArticleEngine): ArticleRepository {
  const date = sql<string>`${engine.date}`.as('date');
  const articleColumns = ['id', ...COLUMNS, date, ...REST] as const;
  const businessColumns = ['id', 'business_id', ...COLUMNS, date, ...REST] as const;
  const articles = (db: Db) => db.selectFrom('articles').select(articleColumns);
  const businessArticles = (db: Db) => db.selectFrom('business_articles').select(businessColumns);
  // The public reads, one per request: built and compiled by Kysely once, run with each call's
  // values (service-kit/kysely), as Kysely alone would build them anew each time (docs/performance.md).
  const listed = compiledOnce((db: Kysely<ArticleTables>) =>
    articles(db).orderBy('date', 'desc').orderBy('id', 'desc'),
  );
  const byId = compiledOnce((db: Kysely<ArticleTables>, id: number) => articles(db).where('id', '=', id));
  const bySlug = compiledOnce((db: Kysely<ArticleTables>, slug: string) => articles(db).where('slug', '=', slug));
  const businessBySlug = compiledOnce((db: Kysely<ArticleTables>, slug: string) =>
    businessArticles(db).where('slug', '=', slug),
  );

  const slugTaken = async (db: Db, slug: string, exceptId?: number): Promise<boolean> => {
    if (!engine.storable(slug)) return false;
    const owner = await db.selectFrom('articles').select('id').where('slug', '=', slug).executeTakeFirst();
    return owner !== undefined && owner.id !== exceptId;
  };

  const availableSlug = async (db: Db, base: string): Promise<string> => {
    let candidate = base;
    for (let suffix = 2; await slugTaken(db, candidate); suffix += 1) candidate = `${base}-${suffix}`;
    return candidate;
  };

  /** The first free slug from `base`, held (where the engine locks) until the transaction ends. */
  const claimSlug = async (trx: Transaction<ArticleTables>, base: string): Promise<string> => {
    await engine.lockSlug(trx, base);
    return availableSlug(trx, base);
  };

  const withSlugConflicts = async <T>(slug: string | undefined, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (engine.isUniqueSlugViolation(error)) throw new DuplicateSlugError(slug ?? '');
      throw error;
    }
  };

  const create = (draft: ArticleDraft) =>
    kysely.transaction().execute(async (trx) => {
      const reserved = await engine.reserveId(trx);
      const base = draft.slugBase || (reserved === undefined ? undefined : `article-${reserved}`);
      // Without a base or a reserved id, a unique placeholder first: the fallback slug needs the id.
      const slug = draft.slug ?? (base ? await claimSlug(trx, base) : `pending-${randomUUID()}`);
      // An undefined id is left out by Kysely: the engine assigns it.
      const row = await trx
        .insertInto('articles')
        .values(Object.assign({ id: reserved }, toColumns(Object.assign({}, draft, { slug }))))
        .returning(articleColumns)
        .executeTakeFirstOrThrow();
      if (draft.slug !== undefined || base) return rowToArticle(row);
      const fallback = await claimSlug(trx, `article-${row.id}`);
      return rowToArticle(
        await trx
          .updateTable('articles')
          .set({ slug: fallback })
          .where('id', '=', row.id)
          .returning(articleColumns)
          .executeTakeFirstOrThrow(),
      );
    });

  const update = async (id: number, draft: ArticleDraft) => {
    const { slug, ...columns } = toColumns(Object.assign({}, draft, { slug: draft.slug ?? '' }));
    const row = await kysely
      .updateTable('articles')
      // Kysely leaves undefined values out: without a slug the stored one stays.
      .set(Object.assign({ updated_at: engine.now, slug: draft.slug === undefined ? undefined : slug }, columns))
      .where('id', '=', id)
      .returning(articleColumns)
      .executeTakeFirst();
    return row && rowToArticle(row);
  };

  const remove = (id: number) =>
    kysely.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return false;
      const referencing = await trx
        .selectFrom('articles')
        .select(['id', 'related_articles'])
        .where(engine.relatesTo(id))
        .execute();
      for (const row of referencing) {
        const related =
          typeof row.related_articles === 'string' ? JSON.parse(row.related_articles) : row.related_articles;
        // Keep the order of the remaining related ids.
        const remaining = (related as number[]).filter((relatedId) => relatedId !== id);
        await trx
          .updateTable('articles')
          .set({ related_articles: JSON.stringify(remaining) })
          .where('id', '=', row.id)
          .execute();
      }
      return true;
    });

  return {
    list: async () => (await listed(kysely)).rows.map(rowToArticle),
    get: async (id) => {
      const [row] = (await byId(kysely, id)).rows;
      return row && rowToArticle(row);
    },
    getBySlug: async (slug) => {
      if (!engine.storable(slug)) return undefined;
      const [row] = (await bySlug(kysely, slug)).rows;
      return row && rowToArticle(row);
    },
    create: (draft) => withSlugConflicts(draft.slug, () => create(draft)),
    update: (id, draft) => withSlugConflicts(draft.slug, () => update(id, draft)),
    delete: remove,
    slugExists: (slug, exceptId) => slugTaken(kysely, slug, exceptId),
    availableSlug: (base) => availableSlug(kysely, base),
    missingIds: async (ids) => {
      if (ids.length === 0) return [];
      const existing = await kysely.selectFrom('articles').select('id').where('id', 'in', ids).execute();
      const found = new Set(existing.map((row) => row.id));
      return ids.filter((id) => !found.has(id));
    },
    listBusiness: async () =>
      (await businessArticles(kysely).orderBy('date', 'desc').orderBy('id', 'desc').execute()).map(
        rowToBusinessArticle,
      ),
    getBusinessBySlug: async (slug) => {
      if (!engine.storable(slug)) return undefined;
      const [row] = (await businessBySlug(kysely, slug)).rows;
      return row && rowToBusinessArticle(row);
    },
  };
}

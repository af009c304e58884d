/** The article repository on PostgreSQL (node-postgres): the same behaviour as sqlite/articleRepository.ts. */
import type pg from 'pg';
import { type ArticleDraft, type ArticleRepository, DuplicateSlugError } from '../articleRepository';
import {
  ARTICLE_COLUMNS,
  type ArticleRow,
  type BusinessArticleRow,
  rowToArticle,
  rowToBusinessArticle,
  toColumns,
} from '../rows';
import { inTransaction, placeholders, type Queryable } from 'service-kit/postgres';

/** The date as the model writes it, whatever DateStyle the server is set to. */
const COLUMNS = `slug, title, content, to_char(date, 'YYYY-MM-DD') AS date, category, tag, image, url, note_url,
                 related_articles, article_type`;
const ARTICLE = `id, ${COLUMNS}`;
const BUSINESS_ARTICLE = `id, business_id, ${COLUMNS}`;

/** Duck-typed like the SQLite one: a unique violation of a slug constraint. */
function isUniqueSlugViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' && constraint.endsWith('_slug_key');
}

async function withSlugConflicts<T>(slug: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueSlugViolation(error)) throw new DuplicateSlugError(slug ?? '');
    throw error;
  }
}

/**
 * PostgreSQL text cannot hold NUL, and refuses a parameter with one: such a value names no stored
 * row (SQLite simply finds none), so lookups answer "not found" without asking.
 */
const storable = (text: string) => !text.includes('\u0000');

async function one<Row extends pg.QueryResultRow>(db: Queryable, sql: string, params: unknown[]) {
  return (await db.query<Row>(sql, params)).rows[0];
}

async function slugTaken(db: Queryable, slug: string, exceptId?: number): Promise<boolean> {
  if (!storable(slug)) return false;
  const owner = await one<{ id: number }>(db, 'SELECT id FROM articles WHERE slug = $1', [slug]);
  return owner !== undefined && owner.id !== exceptId;
}

async function availableSlug(db: Queryable, base: string): Promise<string> {
  let candidate = base;
  for (let suffix = 2; await slugTaken(db, candidate); suffix += 1) candidate = `${base}-${suffix}`;
  return candidate;
}

/**
 * The first free slug from `base`, held until the transaction ends: creates deriving the same base
 * (any instance) wait here in turn, and each sees the slugs committed before it.
 */
async function claimSlug(client: pg.PoolClient, base: string): Promise<string> {
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`slug:${base}`]);
  return availableSlug(client, base);
}

/** The draft's values in the order of ARTICLE_COLUMNS; a null slug keeps the stored one on update. */
function valuesOf(draft: ArticleDraft, slug: string | null): unknown[] {
  const columns = toColumns(Object.assign({}, draft, { slug: slug ?? '' }));
  return ARTICLE_COLUMNS.map((column) => (column === 'slug' ? slug : columns[column]));
}

export function createPostgresArticleRepository(pool: pg.Pool): ArticleRepository {
  const getArticle = async (db: Queryable, id: number) => {
    const row = await one<ArticleRow>(db, `SELECT ${ARTICLE} FROM articles WHERE id = $1`, [id]);
    return row && rowToArticle(row);
  };

  return {
    list: async () =>
      (await pool.query<ArticleRow>(`SELECT ${ARTICLE} FROM articles ORDER BY date DESC, id DESC`)).rows.map(
        rowToArticle,
      ),
    get: (id) => getArticle(pool, id),
    getBySlug: async (slug) => {
      if (!storable(slug)) return undefined;
      const row = await one<ArticleRow>(pool, `SELECT ${ARTICLE} FROM articles WHERE slug = $1`, [slug]);
      return row && rowToArticle(row);
    },
    create: (draft) =>
      withSlugConflicts(draft.slug, () =>
        inTransaction(pool, async (client) => {
          // The id first, so the fallback slug can name it in the same insert.
          const { id } = (await one<{ id: number }>(
            client,
            "SELECT nextval(pg_get_serial_sequence('articles', 'id')) AS id",
            [],
          ))!;
          const slug = draft.slug ?? (await claimSlug(client, draft.slugBase ?? `article-${id}`));
          await client.query(
            `INSERT INTO articles (id, ${ARTICLE_COLUMNS.join(', ')}) VALUES ($1, ${placeholders(ARTICLE_COLUMNS.length, 2)})`,
            [id, ...valuesOf(draft, slug)],
          );
          return (await getArticle(client, id))!;
        }),
      ),
    update: (id, draft) =>
      withSlugConflicts(draft.slug, async () => {
        const assignments = ARTICLE_COLUMNS.map((column, index) =>
          column === 'slug' ? `slug = COALESCE($${index + 2}, slug)` : `${column} = $${index + 2}`,
        );
        const row = await one<ArticleRow>(
          pool,
          `UPDATE articles SET ${assignments.join(', ')}, updated_at = now() WHERE id = $1 RETURNING ${ARTICLE}`,
          [id, ...valuesOf(draft, draft.slug ?? null)],
        );
        return row && rowToArticle(row);
      }),
    delete: (id) =>
      inTransaction(pool, async (client) => {
        const deleted = await client.query('DELETE FROM articles WHERE id = $1', [id]);
        if (deleted.rowCount === 0) return false;
        // Keep the order of the remaining related ids.
        await client.query(
          `UPDATE articles
             SET related_articles = (SELECT COALESCE(jsonb_agg(element ORDER BY position), '[]'::jsonb)
                                     FROM jsonb_array_elements(related_articles) WITH ORDINALITY AS t(element, position)
                                     WHERE element <> to_jsonb($1::bigint))
           WHERE related_articles @> jsonb_build_array($1::bigint)`,
          [id],
        );
        return true;
      }),
    slugExists: (slug, exceptId) => slugTaken(pool, slug, exceptId),
    availableSlug: (base) => availableSlug(pool, base),
    missingIds: async (ids) => {
      if (ids.length === 0) return [];
      const existing = await pool.query<{ id: number }>('SELECT id FROM articles WHERE id = ANY($1::bigint[])', [ids]);
      const found = new Set(existing.rows.map((row) => row.id));
      return ids.filter((id) => !found.has(id));
    },
    listBusiness: async () =>
      (
        await pool.query<BusinessArticleRow>(
          `SELECT ${BUSINESS_ARTICLE} FROM business_articles ORDER BY date DESC, id DESC`,
        )
      ).rows.map(rowToBusinessArticle),
    getBusinessBySlug: async (slug) => {
      if (!storable(slug)) return undefined;
      const row = await one<BusinessArticleRow>(
        pool,
        `SELECT ${BUSINESS_ARTICLE} FROM business_articles WHERE slug = $1`,
        [slug],
      );
      return row && rowToBusinessArticle(row);
    },
  };
}

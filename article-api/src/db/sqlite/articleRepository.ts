/** The article repository on better-sqlite3: prepared statements, synchronous transactions. */
import { randomUUID } from 'node:crypto';
import type { Article } from 'shared-articles';
import { type ArticleDraft, type ArticleRepository, DuplicateSlugError } from '../articleRepository';
import { type ArticleRow, type BusinessArticleRow, rowToArticle, rowToBusinessArticle, toColumns } from '../rows';
import type { SqliteDatabase } from 'service-kit/sqlite';

/** Duck-typed: the native SqliteError need not share this realm's Error (Jest sandboxes do not). */
function isUniqueSlugViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('.slug');
}

export function createArticleRepository(db: SqliteDatabase): ArticleRepository {
  const statements = {
    list: db.prepare<[], ArticleRow>('SELECT * FROM articles ORDER BY date DESC, id DESC'),
    get: db.prepare<[number], ArticleRow>('SELECT * FROM articles WHERE id = ?'),
    getBySlug: db.prepare<[string], ArticleRow>('SELECT * FROM articles WHERE slug = ?'),
    slugOwner: db.prepare<[string], { id: number }>('SELECT id FROM articles WHERE slug = ?'),
    insert: db.prepare(
      `INSERT INTO articles (slug, title, content, date, category, tag, image, url, note_url, related_articles, article_type)
       VALUES (@slug, @title, @content, @date, @category, @tag, @image, @url, @note_url, @related_articles, @article_type)`,
    ),
    update: db.prepare(
      `UPDATE articles SET slug = @slug, title = @title, content = @content, date = @date, category = @category,
         tag = @tag, image = @image, url = @url, note_url = @note_url, related_articles = @related_articles,
         article_type = @article_type, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = @id`,
    ),
    setSlug: db.prepare<[string, number]>('UPDATE articles SET slug = ? WHERE id = ?'),
    delete: db.prepare<[number]>('DELETE FROM articles WHERE id = ?'),
    referencing: db.prepare<[number], { id: number; related_articles: string }>(
      `SELECT id, related_articles FROM articles
       WHERE EXISTS (SELECT 1 FROM json_each(articles.related_articles) WHERE value = ?)`,
    ),
    setRelated: db.prepare<[string, number]>('UPDATE articles SET related_articles = ? WHERE id = ?'),
    existingIds: db.prepare<[string], number>('SELECT id FROM articles WHERE id IN (SELECT value FROM json_each(?))'),
    listBusiness: db.prepare<[], BusinessArticleRow>('SELECT * FROM business_articles ORDER BY date DESC, id DESC'),
    getBusinessBySlug: db.prepare<[string], BusinessArticleRow>('SELECT * FROM business_articles WHERE slug = ?'),
  };
  statements.existingIds.pluck();

  const slugTaken = (slug: string, exceptId?: number): boolean => {
    const owner = statements.slugOwner.get(slug);
    return owner !== undefined && owner.id !== exceptId;
  };

  const availableSlug = (base: string): string => {
    let candidate = base;
    for (let suffix = 2; slugTaken(candidate); suffix += 1) candidate = `${base}-${suffix}`;
    return candidate;
  };

  const readArticle = (id: number): Article => rowToArticle(statements.get.get(id)!);

  const withSlugConflicts = <T>(slug: string | undefined, write: () => T): T => {
    try {
      return write();
    } catch (error) {
      if (isUniqueSlugViolation(error)) throw new DuplicateSlugError(slug ?? '');
      throw error;
    }
  };

  const insertArticle = db.transaction((draft: ArticleDraft): number => {
    // Without a base, a unique placeholder first: the fallback slug needs the id, which exists only after the insert.
    const slug = draft.slug ?? (draft.slugBase ? availableSlug(draft.slugBase) : `pending-${randomUUID()}`);
    const id = Number(statements.insert.run(toColumns(Object.assign({}, draft, { slug }))).lastInsertRowid);
    if (draft.slug === undefined && !draft.slugBase) statements.setSlug.run(availableSlug(`article-${id}`), id);
    return id;
  });

  const updateArticle = db.transaction((id: number, draft: ArticleDraft): boolean => {
    const current = statements.get.get(id);
    if (!current) return false;
    statements.update.run({ id, ...toColumns(Object.assign({}, draft, { slug: draft.slug ?? current.slug })) });
    return true;
  });

  const deleteArticle = db.transaction((id: number): boolean => {
    if (statements.delete.run(id).changes === 0) return false;
    for (const row of statements.referencing.all(id)) {
      const remaining = (JSON.parse(row.related_articles) as number[]).filter((relatedId) => relatedId !== id);
      statements.setRelated.run(JSON.stringify(remaining), row.id);
    }
    return true;
  });

  return {
    list: async () => statements.list.all().map(rowToArticle),
    get: async (id) => {
      const row = statements.get.get(id);
      return row && rowToArticle(row);
    },
    getBySlug: async (slug) => {
      const row = statements.getBySlug.get(slug);
      return row && rowToArticle(row);
    },
    create: async (draft) => readArticle(withSlugConflicts(draft.slug, () => insertArticle(draft))),
    update: async (id, draft) =>
      withSlugConflicts(draft.slug, () => updateArticle(id, draft)) ? readArticle(id) : undefined,
    delete: async (id) => deleteArticle(id),
    slugExists: async (slug, exceptId) => slugTaken(slug, exceptId),
    availableSlug: async (base) => availableSlug(base),
    missingIds: async (ids) => {
      const existing = new Set(statements.existingIds.all(JSON.stringify(ids)));
      return ids.filter((id) => !existing.has(id));
    },
    listBusiness: async () => statements.listBusiness.all().map(rowToBusinessArticle),
    getBusinessBySlug: async (slug) => {
      const row = statements.getBusinessBySlug.get(slug);
      return row && rowToBusinessArticle(row);
    },
  };
}

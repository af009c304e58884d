/** Public article reads and admin writes: /api/articles… */
import type {} from '@fastify/rate-limit'; // app.rateLimit(): the plugin is registered by app.ts
import type { FastifyPluginAsync } from 'fastify';
import { stripHtml } from 'shared-articles';
import { type ValidArticleInput, validateArticleInput } from 'shared-articles/schema';
import type { AuthGuards } from '../auth/guards';
import { type ArticleDraft, type ArticleRepository, DuplicateSlugError } from '../db/articleRepository';
import { ApiError, MESSAGES } from '../errors';
import type { HtmlSanitizer } from '../sanitize';
import { slugFromTitle } from '../slug';
import { malformedTextFields } from '../textGuard';

export interface ArticleRouteDeps {
  repository: ArticleRepository;
  guards: AuthGuards;
  sanitizeHtml: HtmlSanitizer;
}

interface IdParams {
  id: string;
}

const POSITIVE_INTEGER = /^[1-9][0-9]{0,15}$/;

function parseArticleId(raw: string): number {
  const id = Number(raw);
  if (!POSITIVE_INTEGER.test(raw) || !Number.isSafeInteger(id)) throw new ApiError(400, MESSAGES.invalidArticleId);
  return id;
}

const notFound = () => new ApiError(404, MESSAGES.articleNotFound);
const duplicateSlug = () => new ApiError(409, MESSAGES.duplicateSlug, { slug: MESSAGES.duplicateSlug });

function orNotFound<T>(value: T | undefined): T {
  if (value === undefined) throw notFound();
  return value;
}

/** Sanitising can leave nothing (a body that was only a <script>): that is an empty article. */
function hasVisibleContent(html: string): boolean {
  return stripHtml(html) !== '' || /<(img|iframe)\b/i.test(html);
}

export function articleRoutes({ repository, guards, sanitizeHtml }: ArticleRouteDeps): FastifyPluginAsync {
  /** Validates, sanitises and checks references; `articleId` is set when updating that article. */
  async function prepareDraft(body: unknown, articleId?: number): Promise<ValidArticleInput> {
    const malformed = malformedTextFields(body);
    if (malformed.length > 0) {
      const fields = Object.fromEntries(malformed.map((field) => [field, MESSAGES.malformedText]));
      throw new ApiError(400, MESSAGES.malformedText, fields);
    }
    const result = validateArticleInput(body);
    if (!result.success) throw new ApiError(400, result.message, result.fieldErrors);
    const input = result.data;

    const content = sanitizeHtml(input.content);
    if (!hasVisibleContent(content)) throw new ApiError(400, MESSAGES.emptyContent, { content: MESSAGES.emptyContent });

    // Listing itself is harmless (the display rule skips it), so drop it instead of refusing.
    const relatedArticles = input.relatedArticles.filter((id) => id !== articleId);
    const missing = await repository.missingIds(relatedArticles);
    if (missing.length > 0) {
      const message = MESSAGES.missingRelated(missing);
      throw new ApiError(400, message, { relatedArticles: message });
    }

    if (input.slug && (await repository.slugExists(input.slug, articleId))) throw duplicateSlug();
    return { ...input, content, relatedArticles };
  }

  async function slugForNewArticle(input: ValidArticleInput): Promise<string | undefined> {
    if (input.slug) return input.slug;
    const fromTitle = slugFromTitle(input.title);
    return fromTitle ? repository.availableSlug(fromTitle) : undefined; // undefined: the repository uses article-<id>
  }

  async function write<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof DuplicateSlugError) throw duplicateSlug(); // lost a race with another write
      throw error;
    }
  }

  return async (app) => {
    // One bucket per client IP shared by every write; checked before the token, so a flood of bad tokens is throttled too.
    const adminWrite = { onRequest: [app.rateLimit(), guards.requireAdmin] };

    // The public list is read far more often than it changes: serialise it once per change.
    let listJson: string | null = null;
    const listChanged = () => {
      listJson = null;
    };
    app.get('/articles', async (_request, reply) => {
      listJson ??= JSON.stringify(await repository.list());
      return reply.type('application/json; charset=utf-8').send(listJson);
    });

    app.get<{ Params: { slug: string } }>('/articles/slug/:slug', async (request) =>
      orNotFound(await repository.getBySlug(request.params.slug)),
    );

    app.get<{ Params: IdParams }>('/articles/:id', async (request) =>
      orNotFound(await repository.get(parseArticleId(request.params.id))),
    );

    app.post('/articles', adminWrite, async (request, reply) => {
      const input = await prepareDraft(request.body);
      const draft: ArticleDraft = { ...input, slug: await slugForNewArticle(input) };
      const article = await write(() => repository.create(draft));
      listChanged();
      return reply.code(201).header('location', `/api/articles/${article.id}`).send(article);
    });

    app.put<{ Params: IdParams }>('/articles/:id', adminWrite, async (request) => {
      const id = parseArticleId(request.params.id);
      if (!(await repository.get(id))) throw notFound();
      const draft = await prepareDraft(request.body, id);
      const article = orNotFound(await write(() => repository.update(id, draft)));
      listChanged();
      return article;
    });

    app.delete<{ Params: IdParams }>('/articles/:id', adminWrite, async (request, reply) => {
      if (!(await repository.delete(parseArticleId(request.params.id)))) throw notFound();
      listChanged();
      return reply.code(204).send();
    });
  };
}

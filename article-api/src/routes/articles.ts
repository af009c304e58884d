/** Public article reads and admin writes: /api/articles… */
import type { FastifyPluginAsync } from 'fastify';
import { stripHtml } from 'shared-articles';
import { type ValidArticleInput, validateArticleInput } from 'shared-articles/schema';
import type { AuthGuards } from 'service-kit';
import { DuplicateSlugError } from '../db/articleRepository';
import type { Storage } from '../db/storage';
import { ApiError, MESSAGES } from '../errors';
import type { HtmlSanitizer } from '../sanitize';
import { slugFromTitle } from '../slug';
import { malformedTextFields } from '../textGuard';
import { answeredNotModified, type Limiter, sendVersionHeaders } from 'service-kit';

export interface ArticleRouteDeps {
  storage: Pick<Storage, 'repository' | 'contentVersion'>;
  guards: AuthGuards;
  /** Per signed-in user, after the token check (routes/rateLimits.ts). */
  limitWrites: Limiter;
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

export function articleRoutes({ storage, guards, limitWrites, sanitizeHtml }: ArticleRouteDeps): FastifyPluginAsync {
  const { repository, contentVersion } = storage;

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
    return Object.assign({}, input, { content, relatedArticles });
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
    // The token first (anonymous and forged requests are counted per address there), then the user's write allowance.
    const adminWrite = { onRequest: [guards.requireAdmin, limitWrites] };

    // The public list is read far more often than it changes: serialise it once per content
    // version. The version is read before the list, so the cache is never labelled newer than it is.
    let cachedList: { version: string; json: string } | null = null;
    app.get('/articles', async (request, reply) => {
      const version = await contentVersion();
      if (answeredNotModified(request, reply, version)) return reply;
      if (cachedList?.version !== version) cachedList = { version, json: JSON.stringify(await repository.list()) };
      return sendVersionHeaders(reply, version).type('application/json; charset=utf-8').send(cachedList.json);
    });

    app.get<{ Params: { slug: string } }>('/articles/slug/:slug', async (request, reply) => {
      const version = await contentVersion();
      if (answeredNotModified(request, reply, version)) return reply;
      const article = orNotFound(await repository.getBySlug(request.params.slug));
      return sendVersionHeaders(reply, version).send(article);
    });

    app.get<{ Params: IdParams }>('/articles/:id', async (request, reply) => {
      const id = parseArticleId(request.params.id);
      const version = await contentVersion();
      if (answeredNotModified(request, reply, version)) return reply;
      const article = orNotFound(await repository.get(id));
      return sendVersionHeaders(reply, version).send(article);
    });

    app.post('/articles', adminWrite, async (request, reply) => {
      const input = await prepareDraft(request.body);
      // No slug: one from a Latin title ('prompt-tips', then 'prompt-tips-2'…), else `article-<id>`.
      const slugBase = input.slug ? undefined : (slugFromTitle(input.title) ?? undefined);
      const article = await write(() =>
        repository.create(Object.assign({}, input, { slug: input.slug || undefined, slugBase })),
      );
      return reply.code(201).header('location', `/api/articles/${article.id}`).send(article);
    });

    app.put<{ Params: IdParams }>('/articles/:id', adminWrite, async (request) => {
      const id = parseArticleId(request.params.id);
      if (!(await repository.get(id))) throw notFound();
      const draft = await prepareDraft(request.body, id);
      return orNotFound(await write(() => repository.update(id, draft)));
    });

    app.delete<{ Params: IdParams }>('/articles/:id', adminWrite, async (request, reply) => {
      if (!(await repository.delete(parseArticleId(request.params.id)))) throw notFound();
      return reply.code(204).send();
    });
  };
}

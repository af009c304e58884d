/** The business dashboard's articles: /api/business/articles… for any signed-in user. */
import type { FastifyPluginAsync } from 'fastify';
import type { AuthGuards } from 'service-kit';
import type { ArticleRepository } from '../db/articleRepository';
import { ApiError, MESSAGES } from '../errors';

export function businessRoutes(repository: ArticleRepository, guards: AuthGuards): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', guards.requireUser);

    app.get('/business/articles', async () => repository.listBusiness());

    app.get<{ Params: { slug: string } }>('/business/articles/:slug', async (request) => {
      const article = await repository.getBusinessBySlug(request.params.slug);
      if (!article) throw new ApiError(404, MESSAGES.articleNotFound);
      return article;
    });
  };
}

import type { FastifyPluginAsync } from 'fastify';

/** GET /api/health: the process answers (load balancers, the stack's readiness check). */
export const livenessRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
};

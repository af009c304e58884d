/** Admin-only views of the service: /api/admin/users and /api/admin/info. */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminUser, ServerInfo } from 'shared-articles';
import type { AuthGuards } from 'service-kit';
import type { ListUsers } from 'service-kit';
import type { AppConfig } from '../config';
import { ApiError, MESSAGES } from '../errors';

export interface AdminRouteDeps {
  config: AppConfig;
  guards: AuthGuards;
  listUsers: ListUsers;
  version: string;
  /** The storage's description: a file name, or PostgreSQL host and database without credentials. */
  databaseName: string;
}

export function adminRoutes({ config, guards, listUsers, version, databaseName }: AdminRouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', guards.requireAdmin);

    app.get('/admin/users', async (request): Promise<AdminUser[]> => {
      try {
        const users = await listUsers();
        return users.map((user) => Object.assign({}, user, { isAdmin: guards.isAdmin(user) }));
      } catch (error) {
        // Without service-account credentials a real project refuses to list users.
        request.log.error({ err: error }, 'listing Firebase users failed');
        throw new ApiError(502, MESSAGES.userListUnavailable);
      }
    });

    app.get('/admin/info', async (): Promise<ServerInfo> => {
      const info: ServerInfo = {
        adminEmails: config.adminEmails,
        authBackend: config.authEmulatorHost ? 'emulator' : config.firebaseProjectId,
        databasePath: databaseName,
        version,
      };
      if (config.authEmulatorHost) info.emulatorHost = config.authEmulatorHost;
      return info;
    });
  };
}

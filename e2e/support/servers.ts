// Private copies of the web servers for tests that stop, restart or replace a remote, so the
// shared stack stays untouched. Ports 4000–4004 mirror 3000–3004.
import { webAppServer } from 'local-stack/stack.mjs';
import { webApps, localRegistry } from 'local-stack/apps.mjs';

export const privatePort = (port: number) => port + 1000;

type App = (typeof webApps)[number];
export type ServerHandle = { listen: () => Promise<unknown>; close: () => Promise<void> };

export function appByWorkspace(workspace: string): App {
  const app = webApps.find((a) => a.workspace === workspace);
  if (!app) throw new Error(`unknown app ${workspace}`);
  return app;
}

export const privateRegistry = () => localRegistry('localhost', (app: App) => privatePort(app.port));

export interface PrivateWebAppOptions {
  /**
   * A release store: remotes serve its folders, and the shell reads the release registry service
   * of the API named by `config.apiBaseUrl` (without one, the shell serves the private builds only).
   */
  storeDir?: string;
  /** The shell's /app-config.json (default: as npm start writes it). */
  config?: object;
}

/** Starts the shell and all remotes on private ports; returns handles to stop/replace each one. */
export async function startPrivateWebApps({ storeDir, config }: PrivateWebAppOptions = {}): Promise<
  Record<string, ServerHandle>
> {
  const remotes = privateRegistry();
  const handles: Record<string, ServerHandle> = {};
  for (const app of webApps) {
    const handle = webAppServer(app, {
      port: privatePort(app.port),
      remotes,
      ...(storeDir ? { storeDir } : { registry: remotes }),
      ...(config ? { config } : {}),
    });
    await handle.listen();
    handles[app.workspace] = handle;
  }
  return handles;
}

export function privateServerFor(workspace: string, root?: string): ServerHandle {
  const app = appByWorkspace(workspace);
  return webAppServer(app, { port: privatePort(app.port), root });
}

/**
 * A shell server whose server side cannot reach the article API (connection refused): "the service
 * is down" for server-rendered pages too, while the shared stack keeps its API for other tests.
 */
export async function startShellWithoutApi(port: number): Promise<ServerHandle> {
  const server = webAppServer(appByWorkspace('shell'), { port, serverApiUrl: 'http://127.0.0.1:9/api' });
  await server.listen();
  return server;
}

// The render load as deployed: the production command (web-server/dist/main.js, configured by its
// environment) as two instances behind nginx, beside one instance reached directly, in the same
// run. Each shape is measured with its page cache (flat out) and without it (100 req/s), against
// the bench stack's API and remotes.
import os from 'node:os';
import path from 'node:path';
import { api, localRegistry, ports, repoRoot } from 'local-stack/apps.mjs';
import { freePort } from 'local-stack/processes.mjs';
import { startNginx } from 'local-stack/topology/nginx';
import { cleanEnv, startService, stopService, waitForHealthy, type Service } from 'local-stack/topology/processes';
import { renderLoad, type RenderLoadFigures } from './renderLoad';

export interface TopologyFigures {
  /** One web-server process, no proxy. */
  'one instance': { uncached: RenderLoadFigures; cached: RenderLoadFigures };
  /** Two web-server processes behind nginx (round robin, keepalive upstream). */
  'two instances behind nginx': { uncached: RenderLoadFigures; cached: RenderLoadFigures };
}

interface Shape {
  /** The origin the load is sent to. */
  origin: string;
  stop(): Promise<void>;
}

/**
 * One web-server process as a deployment runs it; `pageCache` off for the uncached load.
 * `renderThreads`: its default is one per core; instances that share this machine's cores get
 * their share, as each would have its own machine's cores.
 */
async function startWebServer(
  siteOrigin: string,
  pageCache: boolean,
  renderThreads?: number,
): Promise<{ port: number; service: Service }> {
  const port = await freePort();
  const service = startService('web-server', process.execPath, [path.join(repoRoot, 'web-server/dist/main.js')], {
    env: cleanEnv({
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_ORIGIN: siteOrigin,
      REMOTES: JSON.stringify(localRegistry('localhost')),
      API_BASE_URL: `http://localhost:${ports.api}/api`,
      SSR_API_URL: `http://127.0.0.1:${ports.api}/api`,
      RELEASE_SERVICE_URL: `http://127.0.0.1:${ports.releases}/api`,
      AUTH_EMULATOR_PORT: String(ports.authEmulator),
      PAGE_CACHE: pageCache ? 'on' : 'off',
      ...(renderThreads === undefined ? {} : { SSR_THREADS: String(renderThreads) }),
    }),
  });
  await waitForHealthy(service, `http://127.0.0.1:${port}/healthz`);
  return { port, service };
}

/** The public origin the pages name (canonical URLs): any will do for a load. */
const SITE_ORIGIN = 'https://ai-manabi.example';

async function oneInstance(pageCache: boolean): Promise<Shape> {
  const { port, service } = await startWebServer(SITE_ORIGIN, pageCache);
  return { origin: `http://127.0.0.1:${port}`, stop: async () => void (await stopService(service)) };
}

async function twoBehindNginx(pageCache: boolean): Promise<Shape> {
  const nginxPort = await freePort();
  const threads = Math.max(1, Math.floor(os.availableParallelism() / 2));
  const servers = [
    await startWebServer(SITE_ORIGIN, pageCache, threads),
    await startWebServer(SITE_ORIGIN, pageCache, threads),
  ];
  const nginx = await startNginx({
    port: nginxPort,
    webServerPorts: servers.map((server) => server.port),
    apiPorts: [api.port],
  });
  return {
    origin: `http://127.0.0.1:${nginxPort}`,
    stop: async () => {
      await nginx.stop();
      await Promise.all(servers.map((server) => stopService(server.service)));
    },
  };
}

/** Both loads of the bars against one shape: uncached at 100 req/s (10 connections), cached flat out (20). */
async function measureShape(start: (pageCache: boolean) => Promise<Shape>, route: string, runs: number) {
  const uncachedShape = await start(false);
  let uncached: RenderLoadFigures;
  try {
    uncached = await renderLoad(`${uncachedShape.origin}${route}`, { connections: 10, seconds: 10, rate: 100 }, runs);
  } finally {
    await uncachedShape.stop();
  }
  const cachedShape = await start(true);
  try {
    const cached = await renderLoad(`${cachedShape.origin}${route}`, { connections: 20, seconds: 10 }, runs);
    return { uncached, cached };
  } finally {
    await cachedShape.stop();
  }
}

export async function measureTopology(route: string, runs: number): Promise<TopologyFigures> {
  return {
    'one instance': await measureShape(oneInstance, route, runs),
    'two instances behind nginx': await measureShape(twoBehindNginx, route, runs),
  };
}

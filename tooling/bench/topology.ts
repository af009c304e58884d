// The render load as deployed: the production command (web-server/dist/main.js, configured by its
// environment) as two instances behind nginx, beside one instance reached directly, in the same
// run. Each shape is measured with its page cache (flat out) and without it (100 req/s), against
// the bench stack's API and remotes. Beside each load's latency, what the web servers spent on it
// (CPU-ms per request) and how often a task of the machine waited for a core: under the uncached
// bursts the tail is the queue of renders, and these say how much of it is work and how much waiting.
import os from 'node:os';
import path from 'node:path';
import { api, localRegistry, ports, repoRoot } from 'local-stack/apps.mjs';
import { freePort } from 'local-stack/processes.mjs';
import { startNginx } from 'local-stack/topology/nginx';
import { cleanEnv, startService, stopService, waitForHealthy, type Service } from 'local-stack/topology/processes';
import { cpuMeter, cpuPressureMeter } from './cpuTime';
import { renderLoad, type RenderLoadFigures, type RenderLoadOptions } from './renderLoad';

/** A load's figures and its cost on the web servers. */
export interface TopologyLoadFigures extends RenderLoadFigures {
  /** CPU-ms the web-server processes (every instance, render threads included) spent per request, warm-ups counted. */
  serverCpuMsPerRequest: number;
  /** Share (%) of the load's time some task of the machine waited for a core (PSI), null without PSI. */
  cpuPressurePercent: number | null;
}

export interface TopologyFigures {
  /** One web-server process, no proxy. */
  'one instance': { uncached: TopologyLoadFigures; cached: TopologyLoadFigures };
  /** Two web-server processes behind nginx (least_conn, keepalive upstream). */
  'two instances behind nginx': { uncached: TopologyLoadFigures; cached: TopologyLoadFigures };
}

interface Shape {
  /** The origin the load is sent to. */
  origin: string;
  /** The web-server processes behind it. */
  serverPids: number[];
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
  return {
    origin: `http://127.0.0.1:${port}`,
    serverPids: [service.child.pid!],
    stop: async () => void (await stopService(service)),
  };
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
    serverPids: servers.map((server) => server.service.child.pid!),
    stop: async () => {
      await nginx.stop();
      await Promise.all(servers.map((server) => stopService(server.service)));
    },
  };
}

/** A load against a shape, with what its web servers spent on it. */
async function loadWithCost(shape: Shape, route: string, options: RenderLoadOptions, runs: number) {
  const servers = cpuMeter(Object.fromEntries(shape.serverPids.map((pid) => [String(pid), pid])));
  const pressure = cpuPressureMeter();
  const figures = await renderLoad(`${shape.origin}${route}`, options, runs);
  const cpuSeconds = Object.values(servers.since()).reduce((sum, seconds) => sum + seconds, 0);
  const requests = figures.requests + figures.warmupRequests;
  return Object.assign(figures, {
    serverCpuMsPerRequest: Math.round((cpuSeconds / requests) * 1000 * 100) / 100,
    cpuPressurePercent: pressure.since(),
  });
}

/** Both loads of the bars against one shape: uncached at 100 req/s (10 connections), cached flat out (20). */
async function measureShape(start: (pageCache: boolean) => Promise<Shape>, route: string, runs: number) {
  const uncachedShape = await start(false);
  let uncached: TopologyLoadFigures;
  try {
    uncached = await loadWithCost(uncachedShape, route, { connections: 10, seconds: 10, rate: 100 }, runs);
  } finally {
    await uncachedShape.stop();
  }
  const cachedShape = await start(true);
  try {
    const cached = await loadWithCost(cachedShape, route, { connections: 20, seconds: 10 }, runs);
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

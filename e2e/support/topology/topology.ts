// Production as it is deployed, on one machine: one PostgreSQL, two article-api instances on its
// articles database and two release-service instances on a database of their own, two web-server
// instances (the production command, configured only by its environment) reading the release
// registry from the release service, and nginx in front of the three pairs. The remotes and the Auth emulator
// are those the e2e globalSetup already runs (localhost:3002-3004, 127.0.0.1:9099).
import path from 'node:path';
import { localRegistry, ports, repoRoot } from 'local-stack/apps.mjs';
import { freePort } from 'local-stack/processes.mjs';
import { builtServiceEntry } from 'local-stack/services.mjs';
import { RELEASE_SERVICE_PATH, startNginx, type Nginx } from 'local-stack/topology/nginx';
import { startPostgres, type Postgres } from './postgres';
import {
  cleanEnv,
  isRunning,
  startService,
  startWorkspaceService,
  stopService,
  waitForHealthy,
  type Service,
} from 'local-stack/topology/processes';

export const ADMIN_EMAIL = 'admin@example.com';
const EMULATOR_HOST = `127.0.0.1:${ports.authEmulator}`;
const EMULATOR_PROJECT = 'demo-ai-manabi';

export interface ApiInstance {
  port: number;
  /** e.g. http://127.0.0.1:4321/api (this instance alone, past the proxy) */
  base: string;
}

export interface WebServerInstance {
  readonly name: string;
  readonly port: number;
  /** http://127.0.0.1:<port> (this instance alone, past the proxy) */
  readonly origin: string;
  /** Starts the process and resolves once /healthz answers 200; returns the milliseconds that took. */
  start(): Promise<number>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
  /** SIGTERM: the drain; resolves with the exit code and how long the drain took. */
  terminate(): Promise<{ code: number | string; ms: number }>;
  running(): boolean;
  output(): string;
}

export interface Topology {
  /** nginx: the site's public origin (SITE_ORIGIN of both web servers) */
  origin: string;
  apis: ApiInstance[];
  /** The release service's instances (through the proxy: `${origin}/release-service/api`). */
  releaseServices: ApiInstance[];
  webServers: WebServerInstance[];
  nginx: Nginx;
  /** How long each part took to start, e.g. "web servers 2.6 s, PostgreSQL 0.9 s, …". */
  startup: string;
  stop(): Promise<void>;
}

/** One instance of a service (article-api or release-service) on PostgreSQL, behind nginx. */
function startApi(entry: string, port: number, databaseUrl: string, siteOrigin: string): Service {
  return startWorkspaceService(entry, port, {
    DATABASE_URL: databaseUrl,
    // A small pool each: two instances share one server with 100 connections.
    DATABASE_POOL_MAX: '5',
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
    ADMIN_EMAILS: ADMIN_EMAIL,
    CORS_ORIGINS: siteOrigin,
    // One proxy (nginx) in front: its X-Forwarded-For names the client.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
  });
}

function webServer(name: string, port: number, environment: Record<string, string>): WebServerInstance {
  const origin = `http://127.0.0.1:${port}`;
  let service: Service | null = null;
  const current = () => {
    if (!service) throw new Error(`${name} was never started`);
    return service;
  };
  return {
    name,
    port,
    origin,
    async start() {
      if (service && isRunning(service)) throw new Error(`${name} is already running`);
      const startedAt = Date.now();
      service = startService(name, process.execPath, [path.join(repoRoot, 'web-server/dist/main.js')], {
        env: cleanEnv(Object.assign({}, environment, { PORT: String(port) })),
      });
      await waitForHealthy(service, `${origin}/healthz`);
      return Date.now() - startedAt;
    },
    async kill() {
      await stopService(current(), 'SIGKILL');
    },
    async terminate() {
      const startedAt = Date.now();
      const code = await stopService(current(), 'SIGTERM', 30_000);
      return { code, ms: Date.now() - startedAt };
    },
    running: () => service !== null && isRunning(service),
    output: () => service?.output() ?? '',
  };
}

/** `count` different ports that were free a moment ago (the nginx port first). */
async function distinctFreePorts(count: number): Promise<[number, ...number[]]> {
  const found = new Set<number>();
  while (found.size < count) found.add(await freePort());
  return [...found] as [number, ...number[]];
}

export async function startTopology(): Promise<Topology> {
  const stoppers: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const stopper of stoppers.reverse()) {
      try {
        await stopper();
      } catch (error) {
        console.error('topology: stopping failed', error);
      }
    }
    stoppers.length = 0;
  };
  try {
    const [nginxPort, ...others] = await distinctFreePorts(7);
    const apiPorts = others.slice(0, 2);
    const webPorts = others.slice(2, 4);
    const releasePorts = others.slice(4, 6);
    const origin = `http://localhost:${nginxPort}`;

    const phases: Record<string, number> = {};
    const timed = async <T>(phase: string, step: () => Promise<T>): Promise<T> => {
      const startedAt = Date.now();
      const result = await step();
      phases[phase] = Date.now() - startedAt;
      return result;
    };

    const remotes = localRegistry('localhost');
    // The live releases come from the release service (through the proxy): both web servers read
    // the production registry of its one database.
    const environment = {
      HOST: '127.0.0.1',
      SITE_ORIGIN: origin,
      REMOTES: JSON.stringify(remotes),
      RELEASE_ENVIRONMENT: 'production',
      API_BASE_URL: `${origin}/api`,
      // Through the proxy too, not to one instance: the pages' data and the change version then
      // survive the loss of either API instance (nginx sends the GET to the other), and the
      // configuration names the service, not one of its instances. The extra local hop is paid
      // by the version check (a conditional GET, 304, at most every 100 ms) and by a render's
      // data once per API version: pages are cached against that version.
      SSR_API_URL: `${origin}/api`,
      RELEASE_SERVICE_URL: `${origin}${RELEASE_SERVICE_PATH}/api`,
      AUTH_EMULATOR_PORT: String(ports.authEmulator),
      ADMIN_EMAILS: ADMIN_EMAIL,
      // One render thread each: two instances, nginx, PostgreSQL and two APIs share two cores.
      SSR_THREADS: '1',
      DRAIN_TIMEOUT_MS: '10000',
    };
    const webServers = webPorts.map((port, i) => webServer(`web-server ${i + 1}`, port, environment));
    stoppers.push(() =>
      Promise.all(webServers.map((server) => (server.running() ? server.kill() : undefined))).then(() => undefined),
    );

    // The web servers need neither the database nor the APIs to start (their /healthz is their
    // own; pages ask the API when requested), so they start alongside: the start-up is the
    // slower of the two chains, not their sum. Both are let finish before a failure is thrown,
    // so that whatever either started is on the stop list.
    const started = await Promise.allSettled([
      timed('web servers', () => Promise.all(webServers.map((server) => server.start()))),
      (async () => {
        const [apiEntry, releasesEntry] = await Promise.all([
          builtServiceEntry('article-api'),
          builtServiceEntry('release-service'),
        ]);
        const postgres: Postgres = await timed('PostgreSQL', startPostgres);
        stoppers.push(() => postgres.stop());
        // Both at once: migrations take an advisory lock, so the second waits for the first's.
        const releasesUrl = postgres.createDatabase('releases');
        const apiServices = [
          ...apiPorts.map((port) => startApi(apiEntry, port, postgres.url, origin)),
          ...releasePorts.map((port) => startApi(releasesEntry, port, releasesUrl, origin)),
        ];
        stoppers.push(() => Promise.all(apiServices.map((api) => stopService(api))).then(() => undefined));
        const servicePorts = [...apiPorts, ...releasePorts];
        await timed('APIs and release services', () =>
          Promise.all(
            apiServices.map((api, i) => waitForHealthy(api, `http://127.0.0.1:${servicePorts[i]}/api/health`)),
          ),
        );
      })(),
    ]);
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;

    const nginx = await timed('nginx', () =>
      startNginx({ port: nginxPort, webServerPorts: webPorts, apiPorts, releasePorts }),
    );
    stoppers.push(() => nginx.stop());

    return {
      origin,
      apis: apiPorts.map((port) => ({ port, base: `http://127.0.0.1:${port}/api` })),
      releaseServices: releasePorts.map((port) => ({ port, base: `http://127.0.0.1:${port}/api` })),
      webServers,
      nginx,
      startup: Object.entries(phases)
        .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`)
        .join(', '),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

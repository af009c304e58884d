import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { connects, freePort, get, getTaken, refusedWithin } from './support/webServerImage/connections';
import {
  FIREBASE_WEB_CONFIG,
  HEALTH_TOKEN_KEYS,
  REMOTE_NAMES,
  remotesAt,
  SITE_ORIGIN,
} from './support/webServerImage/deployment';
import { imageEnv } from './support/webServerImage/dockerfile';
import {
  removeImage,
  run,
  runHealthcheck,
  type Running,
  stageImage,
  stagedApp,
  start,
} from './support/webServerImage/imageProcess';
import { paced } from 'service-kit/testing/pace';

/**
 * The production image (deploy/web-server.Dockerfile) as far as it can be run without a container
 * engine: the runtime folder is staged by the script its build stage runs, and its final stage's
 * CMD runs there with its ENV plus what a deployment gives, its HEALTHCHECK against it. Those lines
 * are read from the Dockerfile, so changing them changes what is tested. What this cannot show:
 * the base image itself (Node 24 there, this machine's Node here) and `docker build`.
 */

beforeAll(stageImage, 600_000);
afterAll(removeImage);

describe('the staged runtime folder', () => {
  const entries = (relative: string) => fs.readdirSync(path.join(stagedApp(), relative)).sort();

  it('holds web-server/package.json + dist, shell/dist and the run-time packages, nothing else', () => {
    expect(entries('.')).toEqual(['node_modules', 'shell', 'web-server']);
    expect(entries('shell')).toEqual(['dist']);
    expect(entries('web-server')).toEqual(['dist', 'node_modules', 'package.json']);
    expect(entries('web-server/dist')).toEqual(expect.arrayContaining(['main.js', 'renderWorker.js']));
    expect(entries('web-server/dist')).not.toContain('index.js'); // the dev stack's library entry
    expect(fs.existsSync(path.join(stagedApp(), 'shell', 'dist', 'server', 'main.js'))).toBe(true);
  });

  it("has web-server's dependencies and jsdom (the shell's server build requires it), and no build tool", () => {
    const top = entries('node_modules');
    expect(top).toEqual(expect.arrayContaining(['jsdom', 'zod']));
    expect(entries('web-server/node_modules')).toEqual(['lru-cache']);
    for (const devOnly of ['webpack', 'esbuild', 'typescript', 'jest', 'react', 'firebase', '.bin']) {
      expect(top).not.toContain(devOnly);
    }
    // Resolution from inside the folder never leaves it (nothing above could stand in for a package).
    for (let dir = path.dirname(stagedApp()); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      expect(fs.existsSync(path.join(dir, 'node_modules'))).toBe(false);
    }
  });
});

describe("the image's command with a deployment's environment", () => {
  let server: Running;

  beforeAll(async () => {
    // No remote and no API: closed ports. The server must degrade (client-rendered pages), never fail.
    const closed = await freePort('127.0.0.1');
    server = await start({
      SITE_ORIGIN,
      REMOTES: remotesAt(`http://127.0.0.1:${closed}`),
      API_BASE_URL: `http://127.0.0.1:${closed}/api`,
      FIREBASE_WEB_CONFIG,
      HEALTH_TOKEN_KEYS,
    });
  }, paced(30_000));

  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('listens on every interface (HOST=0.0.0.0) and names SITE_ORIGIN as the site', async () => {
    expect(server.listening).toMatchObject({ host: '0.0.0.0', port: server.port, siteOrigin: SITE_ORIGIN });
    expect(await connects(server.port)).toBe(true);
  });

  it(
    'answers /healthz, and the HEALTHCHECK command passes against it',
    async () => {
      const health = await get(server.port, '/healthz');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
      expect(await runHealthcheck(server.port)).toBe(0);
    },
    paced(15_000),
  );

  it.each(['/', '/about', '/articles'])(
    'answers %s with a 200 HTML page while no remote is reachable',
    async (page) => {
      const response = await get(server.port, page);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toMatch(/^<!doctype html>/i);
    },
    15_000,
  );

  it(
    "builds its URLs from SITE_ORIGIN, whatever the request's Host says (the shell's renderer loaded)",
    async () => {
      const forged = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' };
      const robots = await get(server.port, '/robots.txt', forged);
      expect(robots.status).toBe(200);
      expect(robots.body).toContain(`Sitemap: ${SITE_ORIGIN}/sitemap.xml`);
      // The API is down: the build's snapshot of the articles stands in.
      const sitemap = await get(server.port, '/sitemap.xml', forged);
      expect(sitemap.status).toBe(200);
      expect(sitemap.body).toContain(`<loc>${SITE_ORIGIN}/about</loc>`);
      expect(sitemap.body).not.toContain('evil.example');
      expect(server.output()).not.toContain('renderer failed to load');
    },
    paced(15_000),
  );

  it('sends the browser its configuration and the registry from the environment', async () => {
    const config = JSON.parse((await get(server.port, '/app-config.json')).body) as Record<string, unknown>;
    expect(config).toMatchObject({ auth: { mode: 'project', config: JSON.parse(FIREBASE_WEB_CONFIG) as object } });
    const registry = JSON.parse((await get(server.port, '/mf-remotes.json')).body) as Record<string, string>;
    expect(Object.keys(registry).sort()).toEqual([...REMOTE_NAMES].sort());
  });
});

describe('SIGTERM', () => {
  it(
    'lets the request in flight finish, refuses new connections, and exits 0 within DRAIN_TIMEOUT_MS',
    async () => {
      // public-site's manifest from a stand-in that holds each request until released: a page's
      // render is in flight (inside the server, waiting on the remote) when SIGTERM comes.
      const held: http.ServerResponse[] = [];
      let release = false;
      let sawRequest!: () => void;
      const requested = new Promise<void>((resolve) => (sawRequest = resolve));
      const remote = http.createServer((_request, response) => {
        if (release) response.destroy();
        else {
          held.push(response);
          sawRequest();
        }
      });
      await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
      const remotePort = (remote.address() as AddressInfo).port;
      const closed = await freePort('127.0.0.1');
      // Closed whatever happens: a stand-in left listening keeps Jest from ever exiting.
      const stopRemote = () => {
        remote.closeAllConnections();
        remote.close();
      };
      const server = await start({
        SITE_ORIGIN,
        REMOTES: remotesAt(`http://127.0.0.1:${remotePort}`),
        API_BASE_URL: `http://127.0.0.1:${closed}/api`,
        FIREBASE_WEB_CONFIG,
        HEALTH_TOKEN_KEYS,
      }).catch((error: unknown) => {
        stopRemote();
        throw error;
      });
      try {
        // The page's render waits on public-site's manifest, which the server also asked for as it
        // started (held too): the stand-in's first request says nothing of the page's.
        const inFlight = getTaken(server.port, '/about');
        await Promise.all([inFlight.readByServer, requested]);
        const sentAt = Date.now();
        server.child.kill('SIGTERM');
        await new Promise<void>((resolve) => {
          const look = () => server.output().includes('SIGTERM: draining') && resolve();
          server.child.stdout!.on('data', look);
          look();
        });

        // main.ts writes that line just before the drain closes the listener: on a busy machine a
        // connection can still slip into the listen backlog between the two, so the first refusal
        // is awaited (briefly), and after it every connection is refused.
        expect(await refusedWithin(server.port, 1000)).toBe('ECONNREFUSED');
        expect(await connects(server.port)).toBe('ECONNREFUSED');
        expect(await runHealthcheck(server.port)).toBe(1);

        // The remote fails now: the page in flight is finished client-rendered, on a closing connection.
        release = true;
        for (const response of held) response.destroy();
        const page = await inFlight.response;
        expect(page.status).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.headers.connection).toBe('close');

        expect(await server.exited).toEqual({ code: 0, signal: null });
        expect(Date.now() - sentAt).toBeLessThan(Number(imageEnv.DRAIN_TIMEOUT_MS));
      } finally {
        server.child.kill('SIGKILL');
        stopRemote();
      }
    },
    paced(30_000),
  );
});

describe('fail closed', () => {
  it(
    'refuses to start on HOST=0.0.0.0 without SITE_ORIGIN, naming it',
    async () => {
      const closed = await freePort('127.0.0.1');
      const started = run({
        REMOTES: remotesAt(`http://127.0.0.1:${closed}`),
        API_BASE_URL: `http://127.0.0.1:${closed}/api`,
        FIREBASE_WEB_CONFIG,
        PORT: String(await freePort()),
      });
      const { code } = await started.exited;
      expect(code).not.toBe(0);
      expect(started.output()).toContain('SITE_ORIGIN is required');
    },
    paced(15_000),
  );
});

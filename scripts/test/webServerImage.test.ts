import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The production image (deploy/web-server.Dockerfile) as far as it can be run without a container
 * engine: the runtime folder is staged by the script its build stage runs, and its final stage's
 * CMD runs there with its ENV plus what a deployment gives, its HEALTHCHECK against it. Those lines
 * are read from the Dockerfile, so changing them changes what is tested. What this cannot show:
 * the base image itself (Node 24 there, this machine's Node here) and `docker build`.
 */
const repoRoot = path.resolve(__dirname, '..', '..');
const dockerfile = path.join(repoRoot, 'deploy', 'web-server.Dockerfile');

interface Instruction {
  keyword: string;
  args: string;
}

/** The stages of a Dockerfile: each FROM and the instructions after it, continuations joined. */
function readStages(text: string): { from: string; instructions: Instruction[] }[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    // Comments (the syntax directive included) end nothing: Docker drops them even inside a continuation.
    if (line.startsWith('#') || (line === '' && !pending)) continue;
    if (line.endsWith('\\')) pending += `${line.slice(0, -1)} `;
    else {
      lines.push(pending + line);
      pending = '';
    }
  }
  const stages: { from: string; instructions: Instruction[] }[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') stages.push({ from: args, instructions: [] });
    else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

const stages = readStages(fs.readFileSync(dockerfile, 'utf8'));
const buildStage = stages[0]!;
const finalStage = stages.at(-1)!;
const all = (keyword: string) => finalStage.instructions.filter((i) => i.keyword === keyword);
const one = (keyword: string) => {
  const found = all(keyword);
  if (found.length !== 1) throw new Error(`the final stage has ${found.length} ${keyword} instructions, not one`);
  return found[0]!.args;
};

/** ENV in its KEY=value form (values may be double-quoted); every ENV of the final stage. */
const imageEnv: Record<string, string> = {};
for (const { args } of all('ENV')) {
  const pairs = [...args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S+)/g)];
  if (pairs.length === 0) throw new Error(`ENV ${args}: only the KEY=value form is read here`);
  for (const [, key, value] of pairs) imageEnv[key!] = value!.startsWith('"') ? (JSON.parse(value!) as string) : value!;
}
const command = JSON.parse(one('CMD')) as string[];
const healthcheck = JSON.parse(one('HEALTHCHECK').replace(/^.*?\bCMD\s+/, '')) as string[];
const workdir = one('WORKDIR');
/** COPY --from=build <staged> <WORKDIR>: the folder the build stage staged. */
const [, stagedInBuild = ''] = /^--from=\S+\s+(\S+)\s+\S+$/.exec(one('COPY')) ?? [];
const stagingRun = buildStage.instructions.find((i) => i.keyword === 'RUN' && i.args.includes('stage-web-server.mjs'));
const [, stagingScript = '', stagingOut = ''] =
  /\bnode\s+(\S*stage-web-server\.mjs)\s+(\S+)/.exec(stagingRun?.args ?? '') ?? [];

/** What a deployment must add to the image's environment (docs/deployment.md). */
const SITE_ORIGIN = 'https://ai-manabi.example';
const FIREBASE_WEB_CONFIG = JSON.stringify({
  apiKey: 'demo-api-key',
  authDomain: 'demo-ai-manabi.firebaseapp.com',
  projectId: 'demo-ai-manabi',
});
const REMOTE_NAMES = ['public_site', 'business_portal', 'admin_console'];
const remotesAt = (base: string) =>
  JSON.stringify(Object.fromEntries(REMOTE_NAMES.map((name) => [name, `${base}/${name}/mf-manifest.json`])));

let workDir: string;
let app: string;
const children = new Set<ChildProcess>();

function freePort(host?: string): Promise<number> {
  const server = net.createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  port: number;
  listening: { host: string; port: number; siteOrigin: string };
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The image's CMD in the staged WORKDIR, with only the image's ENV and `deployment` (a container's environment). */
function run(deployment: Record<string, string | undefined>): {
  child: ChildProcess;
  output: () => string;
  exited: Running['exited'];
} {
  const [program, ...args] = command;
  if (program !== 'node') throw new Error(`CMD starts ${program}, not node`);
  const env = Object.fromEntries(
    Object.entries({ PATH: process.env.PATH, ...imageEnv, ...deployment }).filter(([, value]) => value !== undefined),
  ) as NodeJS.ProcessEnv;
  const child = spawn(process.execPath, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, output: () => output, exited };
}

/** Starts the image's command and resolves once its "listening" line is out. */
async function start(deployment: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const started = run({ ...deployment, PORT: String(port) });
  const listening = await new Promise<Running['listening']>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not listening after 20 s:\n${started.output()}`)), 20_000);
    const look = () => {
      const line = started
        .output()
        .split('\n')
        .find((text) => text.includes('"web-server listening"'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as Running['listening']);
      }
    };
    started.child.stdout!.on('data', look);
    void started.exited.then(({ code }) =>
      reject(new Error(`exited (${code}) before listening:\n${started.output()}`)),
    );
  });
  return { ...started, port, listening };
}

/** The image's HEALTHCHECK command, in the container's environment (its PORT). */
function runHealthcheck(port: number): Promise<number> {
  const [program, ...args] = healthcheck;
  if (program !== 'node') throw new Error(`HEALTHCHECK runs ${program}, not node`);
  return new Promise((resolve) => {
    const child = execFile(process.execPath, args, {
      cwd: app,
      env: { PATH: process.env.PATH, ...imageEnv, PORT: String(port) },
      timeout: 10_000,
    });
    child.on('exit', (code) => resolve(code ?? -1));
  });
}

/** One GET on its own connection (no pooling), with the headers given. */
function get(port: number, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

function connects(port: number): Promise<true | string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** The first answer to a connection that is a refusal, or the last answer when `ms` have passed. */
async function refusedWithin(port: number, ms: number): Promise<true | string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await connects(port);
    if (answer === 'ECONNREFUSED' || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(() => {
  // Jest runs before `npm test` builds the apps: a clean checkout has no shell build yet. The
  // shell is built here then (web-server/dist is left alone: `npm install` and `npm test` build it,
  // and other tests import it meanwhile); `npm test` later finds it fresh and does not build it again.
  const shellBuilt = ['index.html', 'server/main.js'].every((file) =>
    fs.existsSync(path.join(repoRoot, 'shell', 'dist', file)),
  );
  if (!shellBuilt) {
    const build = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "(await import('./scripts/build.mjs')).buildApps({ only: ['shell'] });"],
      { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (build.status !== 0) throw new Error(`the shell's build failed (exit ${build.status})`);
  }
  // Outside the repository, like /app: no node_modules above it to resolve a missing package from.
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-server-image-'));
  app = path.join(workDir, 'app');
  const staging = spawnSync(process.execPath, [stagingScript, app], { cwd: repoRoot, encoding: 'utf8' });
  if (staging.status !== 0) throw new Error(`staging failed:\n${staging.stdout}${staging.stderr}`);
}, 600_000);

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('deploy/web-server.Dockerfile', () => {
  it('builds and runs on Node 24 LTS, slim, and ships only the staged folder, as the unprivileged node user', () => {
    expect(stages.map((stage) => stage.from.split(/\s+/)[0])).toEqual([
      'node:24-bookworm-slim',
      'node:24-bookworm-slim',
    ]);
    expect(stagingScript).toBe('deploy/stage-web-server.mjs');
    expect(stagedInBuild).toBe(stagingOut);
    expect(one('COPY')).toBe(`--from=build ${stagingOut} ${workdir}`);
    expect(all('RUN')).toEqual([]);
    expect(one('USER')).toBe('node');
  });

  it('runs node itself as PID 1 (exec form), stops it with SIGTERM and exposes the port it listens on', () => {
    expect(command).toEqual(['node', 'web-server/dist/main.js']);
    expect(one('STOPSIGNAL')).toBe('SIGTERM');
    expect(imageEnv).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(one('EXPOSE')).toBe(imageEnv.PORT);
    expect(Number(imageEnv.DRAIN_TIMEOUT_MS)).toBeLessThan(10_000); // docker stop's default grace
  });
});

describe('the staged runtime folder', () => {
  const entries = (relative: string) => fs.readdirSync(path.join(app, relative)).sort();

  it('holds web-server/package.json + dist, shell/dist and the run-time packages, nothing else', () => {
    expect(entries('.')).toEqual(['node_modules', 'shell', 'web-server']);
    expect(entries('shell')).toEqual(['dist']);
    expect(entries('web-server')).toEqual(['dist', 'node_modules', 'package.json']);
    expect(entries('web-server/dist')).toEqual(expect.arrayContaining(['main.js', 'renderWorker.js']));
    expect(entries('web-server/dist')).not.toContain('index.js'); // the dev stack's library entry
    expect(fs.existsSync(path.join(app, 'shell', 'dist', 'server', 'main.js'))).toBe(true);
  });

  it("has web-server's dependencies and jsdom (the shell's server build requires it), and no build tool", () => {
    const top = entries('node_modules');
    expect(top).toEqual(expect.arrayContaining(['jsdom', 'zod']));
    expect(entries('web-server/node_modules')).toEqual(['lru-cache']);
    for (const devOnly of ['webpack', 'esbuild', 'typescript', 'jest', 'react', 'firebase', '.bin']) {
      expect(top).not.toContain(devOnly);
    }
    // Resolution from inside the folder never leaves it (nothing above could stand in for a package).
    for (let dir = path.dirname(app); dir !== path.dirname(dir); dir = path.dirname(dir)) {
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
    });
  }, 30_000);

  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('listens on every interface (HOST=0.0.0.0) and names SITE_ORIGIN as the site', async () => {
    expect(server.listening).toMatchObject({ host: '0.0.0.0', port: server.port, siteOrigin: SITE_ORIGIN });
    expect(await connects(server.port)).toBe(true);
  });

  it('answers /healthz, and the HEALTHCHECK command passes against it', async () => {
    const health = await get(server.port, '/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    expect(await runHealthcheck(server.port)).toBe(0);
  }, 15_000);

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

  it("builds its URLs from SITE_ORIGIN, whatever the request's Host says (the shell's renderer loaded)", async () => {
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
  }, 15_000);

  it('sends the browser its configuration and the registry from the environment', async () => {
    const config = JSON.parse((await get(server.port, '/app-config.json')).body) as Record<string, unknown>;
    expect(config).toMatchObject({ auth: { mode: 'project', config: JSON.parse(FIREBASE_WEB_CONFIG) as object } });
    const registry = JSON.parse((await get(server.port, '/mf-remotes.json')).body) as Record<string, string>;
    expect(Object.keys(registry).sort()).toEqual([...REMOTE_NAMES].sort());
  });
});

describe('SIGTERM', () => {
  it('lets the request in flight finish, refuses new connections, and exits 0 within DRAIN_TIMEOUT_MS', async () => {
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
    const server = await start({
      SITE_ORIGIN,
      REMOTES: remotesAt(`http://127.0.0.1:${remotePort}`),
      API_BASE_URL: `http://127.0.0.1:${closed}/api`,
      FIREBASE_WEB_CONFIG,
    });
    try {
      const inFlight = get(server.port, '/about');
      await requested;
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
      const page = await inFlight;
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers.connection).toBe('close');

      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - sentAt).toBeLessThan(Number(imageEnv.DRAIN_TIMEOUT_MS));
    } finally {
      server.child.kill('SIGKILL');
      remote.closeAllConnections();
      remote.close();
    }
  }, 30_000);
});

describe('fail closed', () => {
  it('refuses to start on HOST=0.0.0.0 without SITE_ORIGIN, naming it', async () => {
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
  }, 15_000);
});

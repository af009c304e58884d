import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { createServerRenderer } from './serverRendering';

/**
 * The web server's renderer: pages rendered for the configured origin (never a request's), cached
 * per path, and a render made while the API failed kept briefly and never sent as a "not found".
 */
const shellDist = path.join(__dirname, '..', 'testing', 'shellDistFixture');

function renderer(siteOrigin = 'https://ai-manabi.example', live = 'http://cdn.test/public-site/mf-manifest.json') {
  const created = createServerRenderer({
    shellDist,
    registry: () => ({ public_site: live }),
    config: {},
    // Unreachable: the version is "unreachable", as while the API is down.
    apiBaseUrl: 'http://127.0.0.1:9/api',
    siteOrigin,
    log: () => undefined,
  });
  if (!created) throw new Error('the fixture renderer did not load');
  return created;
}

describe('createServerRenderer', () => {
  it('renders canonical URLs on the configured origin; a request has no say in it', async () => {
    const page = await renderer().render({ pathname: '/articles/a', theme: null });
    expect(page?.head).toBe('<link rel="canonical" href="https://ai-manabi.example/articles/a">');
    expect(await renderer().document('/robots.txt')).toEqual({
      type: 'text/plain; charset=utf-8',
      body: 'Sitemap: https://ai-manabi.example/sitemap.xml',
    });
  });

  it('caches a page per path and theme', async () => {
    const server = renderer();
    const first = await server.render({ pathname: '/articles/b', theme: 'dark' });
    const again = await server.render({ pathname: '/articles/b', theme: 'dark' });
    expect(first?.cache).toBe('miss');
    expect(again?.cache).toBe('hit');
    expect(again?.root).toBe(first?.root);
    expect((await server.render({ pathname: '/articles/b', theme: 'light' }))?.cache).toBe('miss');
  });

  it('sends a degraded page, marked, but never its "not found": the client-rendered page instead', async () => {
    const server = renderer();
    const degraded = await server.render({ pathname: '/degraded/a', theme: null });
    expect(degraded).toMatchObject({ status: 200, degraded: true });
    expect(await server.render({ pathname: '/degraded/missing', theme: null })).toBeNull();
    // A real "not found" (the API answered) is sent as it is.
    expect(await server.render({ pathname: '/missing/a', theme: null })).toMatchObject({
      status: 404,
      degraded: false,
    });
  });

  it('is ready once the live public-site release has loaded: its first page needs no load', async () => {
    const live = 'http://cdn.test/loaded-at-start/mf-manifest.json';
    const server = renderer(undefined, live);
    await server.ready();
    expect((await server.render({ pathname: '/articles/c', theme: null }))?.root).toContain(
      `by ${live}, loaded before`,
    );
    // A release not loaded at the start (a canary, say) is loaded by its first page, as before.
    const canary = await server.render({
      pathname: '/articles/c',
      theme: null,
      registry: { public_site: 'http://cdn.test/canary/mf-manifest.json' },
    });
    expect(canary?.root).not.toContain('loaded before');
  });

  it('leaves the paths the shell does not render to the client', async () => {
    expect(await renderer().render({ pathname: '/business/dashboard', theme: null })).toBeNull();
  });

  it('keeps the process alive while its render threads load the live release', () => {
    // A process that only waits for the renderer to be ready: the render threads are unref'd, so
    // while they load the release nothing else holds its event loop (the canary world's web
    // servers exited with code 0 there, before listening).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ready-process-'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
    // The shell's server build is CommonJS: outside that folder's "type": "module".
    const slowShell = fs.mkdtempSync(path.join(os.tmpdir(), 'slow-release-shell-'));
    fs.mkdirSync(path.join(slowShell, 'server'));
    fs.writeFileSync(
      path.join(slowShell, 'server', 'main.js'),
      `const fixture = require(${JSON.stringify(path.join(shellDist, 'server', 'main.js'))});
exports.loadRenderer = async () => Object.assign(await fixture.loadRenderer(), {
  loadRelease: () => new Promise((resolve) => setTimeout(resolve, 500)),
});`,
    );
    // Its packages bundled in: the folder is outside the repository, where nothing resolves them.
    const build = (options: Parameters<typeof buildSync>[0]) =>
      buildSync({ bundle: true, platform: 'node', format: 'esm', logLevel: 'silent', ...options });
    // The thread's module beside the script, where renderPool.ts looks for it.
    build({ entryPoints: [path.join(__dirname, 'renderWorker.ts')], outfile: path.join(dir, 'renderWorker.js') });
    const script = path.join(dir, 'waitForReady.js');
    build({
      stdin: {
        contents: `import { createServerRenderer } from ${JSON.stringify(path.join(__dirname, 'serverRendering.ts'))};
const server = createServerRenderer({ shellDist: ${JSON.stringify(slowShell)}, threads: 1, config: {},
  registry: () => ({ public_site: 'http://cdn.test/slow/mf-manifest.json' }),
  apiBaseUrl: 'http://127.0.0.1:9/api', siteOrigin: 'https://ai-manabi.example', log: () => undefined });
await server.ready();
console.log('ready');
await server.close();`,
        resolveDir: __dirname,
        loader: 'ts',
      },
      outfile: script,
    });
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 20_000 });
    expect({ out: run.stdout.trim(), err: run.stderr }).toEqual({ out: 'ready', err: '' });
    expect(run.status).toBe(0);
  });
});

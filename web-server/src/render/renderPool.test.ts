import { spawnSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { createRenderPool } from './renderPool';

/**
 * Server rendering on worker threads: each thread loads the shell's renderer (here a stand-in
 * bundle) and renders the pages it is sent; a failed page rejects, and a thread that dies or
 * stops answering is replaced without holding up the other threads.
 */
const bundle = path.join(__dirname, '..', 'testing', 'rendererFixture.cjs');
/** The same renderer, 600 ms to load (a busy machine's start). */
const slowStartBundle = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'slow-renderer-')), 'renderer.cjs');
fs.writeFileSync(
  slowStartBundle,
  `const fixture = require(${JSON.stringify(bundle)});
exports.loadRenderer = () => new Promise((resolve) => setTimeout(resolve, 600)).then(fixture.loadRenderer);`,
);
/** The thread's module built from its source as web-server/build.mjs builds it (into a temporary folder). */
const workerFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'render-worker-')), 'renderWorker.mjs');
buildSync({
  entryPoints: [path.join(__dirname, 'renderWorker.ts')],
  outfile: workerFile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'silent',
});

interface FixturePage {
  root: string;
  threadId: number;
  apiBaseUrl: string;
  /** the releases this thread loaded ahead of their pages */
  releases: string[];
}

type Pool = ReturnType<typeof createRenderPool>;
const pools: Pool[] = [];
const logged: string[] = [];

type PoolOptions = Partial<
  Pick<Parameters<typeof createRenderPool>[0], 'bundle' | 'stuckAfterMs' | 'replaceAfterMs' | 'startLimitMs'>
>;

function pool(size: number, options: PoolOptions = {}) {
  const created = createRenderPool({
    bundle,
    config: { apiBaseUrl: 'http://api.test/api' },
    size,
    log: (message: string) => logged.push(message),
    workerFile,
    ...options,
  });
  pools.push(created);
  return {
    render: (url: string) =>
      created.renderPage({
        url,
        origin: 'http://site.test',
        theme: 'light',
        apiBaseUrl: 'http://api.test/api',
      }) as unknown as Promise<FixturePage>,
    started: () => created.started(),
    loadRelease: (manifestUrl: string) => created.loadRelease(manifestUrl),
    close: () => created.close(),
  };
}

/** Polls until `condition` holds; only the test's limit bounds it (a busy machine is slower, not wrong). */
const waitFor = async (condition: () => Promise<boolean>) => {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
};

afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
  logged.length = 0;
});

describe('createRenderPool', () => {
  it('renders a page on a thread of its own, with the renderer configured', async () => {
    const page = await pool(1).render('/articles/first');
    expect(page.root).toBe('rendered /articles/first');
    expect(page.apiBaseUrl).toBe('http://api.test/api');
    expect(page.threadId).not.toBe(threadId);
  });

  it('spreads pages rendered at the same time over its threads', async () => {
    const { render } = pool(2);
    const pages = await Promise.all(['/slow', '/slow', '/slow', '/slow'].map(render));
    expect(new Set(pages.map((page) => page.threadId)).size).toBe(2);
  });

  it("rejects with the renderer's error and keeps the thread serving", async () => {
    const { render } = pool(1);
    const before = await render('/');
    await expect(render('/throws')).rejects.toThrow('the page failed to render');
    // An error that cannot be copied to the server's thread arrives as its text.
    await expect(render('/throws-uncloneable')).rejects.toThrow('the page failed to render');
    expect((await render('/')).threadId).toBe(before.threadId);
  });

  it('fails the pages of a thread that dies, serves from the others meanwhile and replaces it', async () => {
    const { render } = pool(2, { replaceAfterMs: 50 });
    const first = await Promise.all([render('/slow'), render('/slow')]);
    const dying = render('/exits');
    await expect(dying).rejects.toThrow(/exited \(code 3\)/);
    const during = await render('/');
    expect(first.map((page) => page.threadId)).toContain(during.threadId);

    // A new thread (a new id) takes the dead one's place.
    await waitFor(async () => {
      const pages = await Promise.all([render('/slow'), render('/slow')]);
      return pages.some((page) => !first.some((old) => old.threadId === page.threadId));
    });
    expect(logged.some((message) => message.includes('render thread stopped'))).toBe(true);
  });

  it('fails a page its thread does not answer in time, and replaces the stuck thread', async () => {
    const { render } = pool(1, { stuckAfterMs: 300, replaceAfterMs: 50 });
    const stuck = (await render('/')).threadId;
    const started = Date.now();
    await expect(render('/hangs')).rejects.toThrow('did not answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
    await waitFor(() =>
      render('/').then(
        (page) => page.threadId !== stuck,
        () => false,
      ),
    );
  });

  it("times a page from its thread's start: a slow start is no stuck page", async () => {
    // The renderer takes 600 ms to load, twice the time a page may take to answer.
    const { render, started } = pool(1, { stuckAfterMs: 300, bundle: slowStartBundle });
    const asked = Date.now();
    const page = await render('/');
    expect(Date.now() - asked).toBeGreaterThanOrEqual(600);
    expect(page.root).toBe('rendered /');
    await started();
    expect(logged).toEqual([]);
  });

  it('keeps the process alive while its threads start, and not once they have', () => {
    // A process that only waits for the pool to start: nothing else holds its event loop.
    const script = path.join(path.dirname(workerFile), 'waitForStart.mjs');
    buildSync({
      stdin: {
        contents: `import { createRenderPool } from ${JSON.stringify(path.join(__dirname, 'renderPool.ts'))};
const pool = createRenderPool({ bundle: ${JSON.stringify(slowStartBundle)}, config: {}, size: 1,
  workerFile: ${JSON.stringify(workerFile)} });
await pool.started();
console.log('started');`,
        resolveDir: __dirname,
        loader: 'ts',
      },
      outfile: script,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'silent',
    });
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 20_000 });
    expect(run.stdout.trim()).toBe('started');
    expect(run.status).toBe(0); // and then it ends by itself: the started pool holds nothing
  });

  it('says when its threads have started, and replaces a thread whose start passes its limit', async () => {
    const slow = pool(2, { bundle: slowStartBundle });
    const asked = Date.now();
    await slow.started();
    expect(Date.now() - asked).toBeGreaterThanOrEqual(600);

    const { render } = pool(1, { bundle: slowStartBundle, startLimitMs: 100, replaceAfterMs: 50 });
    await expect(render('/')).rejects.toThrow(/exited/);
    expect(logged.some((message) => message.includes('render thread stopped'))).toBe(true);
  });

  it('loads a release on every thread, without the time limit of a page', async () => {
    // Each load takes 300 ms, more than a page may take to answer.
    const { render, loadRelease, started } = pool(2, { stuckAfterMs: 200 });
    await started();
    await loadRelease('http://cdn.test/slow-release/mf-manifest.json');
    // Two pages at once go to the two threads.
    const pages = await Promise.all(['/', '/'].map(render));
    expect(new Set(pages.map((page) => page.threadId)).size).toBe(2);
    for (const page of pages) expect(page.releases).toEqual(['http://cdn.test/slow-release/mf-manifest.json']);
    expect(logged).toEqual([]);
    await expect(loadRelease('http://cdn.test/broken/mf-manifest.json')).rejects.toThrow('could not be loaded');
  });

  it('renders nothing once closed', async () => {
    const { render, close } = pool(2);
    await render('/');
    await close();
    await expect(render('/')).rejects.toThrow('no render thread is running');
  });
});

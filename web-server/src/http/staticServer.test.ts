import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { createStaticServer, type StaticServer, type StaticServerOptions } from './staticServer';

/**
 * The web server over HTTP: files (precompressed variants, 304), the page for deep links, the one
 * canonical path, links out of the folder, read failures, /healthz and the drain on SIGTERM.
 */
let root: string;
let outside: string;
let server: StaticServer;
let base: string;
const logged: string[] = [];

async function start(options: Partial<StaticServerOptions> = {}) {
  server = createStaticServer({ root, port: 0, log: (message) => logged.push(message), ...options });
  await server.listen();
  base = `http://127.0.0.1:${server.port()}`;
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-root-'));
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'static-outside-'));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(root, 'main.0123456789.js'), 'console.log("main")');
  fs.writeFileSync(path.join(root, 'main.0123456789.js.br'), zlib.brotliCompressSync('console.log("main")'));
  fs.writeFileSync(path.join(root, 'mf-manifest.json'), '{"id":"shell"}');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'not for the web');
  fs.symlinkSync(outside, path.join(root, 'out'));
  fs.symlinkSync('/', path.join(root, 'disk'));
  fs.symlinkSync(path.join(root, 'mf-manifest.json'), path.join(root, 'alias.json'));
  execFileSync('mkfifo', [path.join(root, 'pipe.txt')]);
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

afterEach(async () => {
  jest.restoreAllMocks();
  await server?.close();
  logged.length = 0;
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${pathname}`, { headers, redirect: 'manual' });

describe('files', () => {
  beforeEach(() => start());

  it('sends the brotli variant to a client that takes it, a year of caching on hashed files, 304 on a match', async () => {
    const response = await get('/main.0123456789.js', { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("main")');
    const again = await get('/main.0123456789.js', {
      'accept-encoding': 'br',
      'if-none-match': response.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
    const plain = await get('/main.0123456789.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log("main")');
  });

  it('never follows a link out of its folder (the disk, another folder), but serves one inside it', async () => {
    for (const pathname of ['/out/secret.txt', `/disk${outside}/secret.txt`]) {
      const response = await get(pathname);
      expect([pathname, response.status]).toEqual([pathname, 404]);
      expect(await response.text()).not.toContain('not for the web');
    }
    expect(await (await get('/alias.json')).text()).toBe('{"id":"shell"}');
  });

  it('answers 404 at once for a FIFO (opening one would wait for a writer)', async () => {
    const started = Date.now();
    expect((await get('/pipe.txt')).status).toBe(404);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers 500 when a file cannot be opened for another reason than its absence, and keeps serving', async () => {
    const open = fs.promises.open;
    jest.spyOn(fs.promises, 'open').mockImplementationOnce(async () => {
      throw Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
    });
    expect((await get('/mf-manifest.json')).status).toBe(500);
    expect(logged.join('\n')).toContain('EMFILE');
    expect(fs.promises.open).not.toBe(open);
    expect(await (await get('/mf-manifest.json')).text()).toBe('{"id":"shell"}');
  });

  it('survives a file whose read fails half-way: the response is cut, the process and the next request are fine', async () => {
    const realOpen = fs.promises.open;
    jest.spyOn(fs.promises, 'open').mockImplementationOnce(async (...args: Parameters<typeof realOpen>) => {
      const handle = await realOpen(...args);
      return Object.assign(Object.create(handle) as fs.promises.FileHandle, {
        stat: () => handle.stat(),
        close: () => handle.close(),
        createReadStream: () => {
          const stream = new PassThrough();
          setImmediate(() => stream.destroy(new Error('EIO: i/o error, read')));
          void handle.close();
          return stream as unknown as fs.ReadStream;
        },
      });
    });
    await expect(get('/mf-manifest.json', { 'accept-encoding': 'identity' }).then((r) => r.text())).rejects.toThrow();
    expect(logged.join('\n')).toContain('EIO');
    expect(await (await get('/mf-manifest.json')).text()).toBe('{"id":"shell"}');
  });

  it('closes the file of a client that left while it was being opened, not at garbage collection', async () => {
    // A browser cancels requests as it navigates. Piped to a response closed already, a file
    // larger than a stream's buffer waited forever for the response to drain and stayed open
    // until garbage collection (Node warns, and says it will throw). On that code this test ends
    // on Jest's time limit: the file never closes.
    fs.writeFileSync(path.join(root, 'large.0123456789.js'), Buffer.alloc(1 << 20, 'a'));
    const realOpen = fs.promises.open;
    let closeFile!: () => void;
    const fileClosed = new Promise<void>((resolve) => (closeFile = resolve));
    const responseClosed = new Promise<void>((resolve) =>
      server.server.once('request', (_request, response: http.ServerResponse) => response.once('close', resolve)),
    );
    jest.spyOn(fs.promises, 'open').mockImplementationOnce(async (...args: Parameters<typeof realOpen>) => {
      const handle = await realOpen(...args);
      const close = handle.close.bind(handle);
      handle.close = () => close().finally(closeFile);
      request.destroy(); // the client leaves; the server closes its response before it answers
      await responseClosed;
      return handle;
    });
    const request = http.get(`${base}/large.0123456789.js`); // opened (the mock above runs) once it arrives
    request.on('error', () => undefined);
    await fileClosed;
    expect(await (await get('/mf-manifest.json')).text()).toBe('{"id":"shell"}');
  });

  it('answers 404 for a missing file, a path out of the folder and a malformed escape', async () => {
    expect((await get('/nope.js')).status).toBe(404);
    expect((await get(`/..%2f${path.basename(outside)}%2fsecret.txt`)).status).toBe(404);
    expect((await get('/%E0%A4%A.js')).status).toBe(404);
  });
});

describe('pages', () => {
  beforeEach(() => start());

  it('sends every deep link the page, with no-cache', async () => {
    const response = await get('/articles/what-is-generative-ai');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-render')).toBe('client');
    expect(await response.text()).toContain('<div id="root"></div>');
  });

  it.each([
    ['/about/', '/about'],
    ['/about//', '/about'],
    ['//about', '/about'],
    ['/privacy////?utm_source=line', '/privacy?utm_source=line'],
    ['/About', '/about'],
    ['/articles/%61bc', '/articles/abc'],
    ['/%61bout/?utm_source=line', '/about?utm_source=line'],
    ['/articles/what%2Dis%5Fai%7e', '/articles/what-is_ai~'],
    ['/articles/%e3%81%82', '/articles/%E3%81%82'],
  ])('answers %s with a 301 to %s', async (variant, canonical) => {
    const response = await get(variant);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(canonical);
  });
});

describe('one page for an encoded path', () => {
  it('renders /articles/%61bc once, as /articles/abc: the renderer (its cache, its data loader) never sees the encoded form', async () => {
    const rendered: string[] = [];
    await start({
      serverRenderer: {
        render: async ({ pathname }) => {
          rendered.push(pathname);
          return null;
        },
        document: async () => null,
        ready: async () => undefined,
        close: async () => undefined,
      },
    });
    const encoded = await get('/articles/%61bc');
    expect(encoded.status).toBe(301);
    expect(encoded.headers.get('location')).toBe('/articles/abc');
    expect(rendered).toEqual([]);
    const page = await get(encoded.headers.get('location')!);
    expect(page.status).toBe(200);
    expect(rendered).toEqual(['/articles/abc']);
  });
});

describe('health and shutdown', () => {
  it('answers /healthz, then drains: a request in flight completes, new connections are refused', async () => {
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The request is in flight once the server is rendering it: accepted, parsed and being answered.
    let rendering: () => void = () => undefined;
    const renderStarted = new Promise<void>((resolve) => {
      rendering = resolve;
    });
    await start({
      health: true,
      jsonFiles: {},
      serverRenderer: {
        render: async () => {
          rendering();
          await slow;
          return null;
        },
        document: async () => null,
        ready: async () => undefined,
        close: async () => undefined,
      },
    });
    expect(await (await get('/healthz')).json()).toEqual({ status: 'ok' });
    const inFlight = get('/about');
    await renderStarted;
    // drain() closes the listener before it returns its promise: a new connection is refused from now on.
    const drained = server.drain(5000);
    await expect(
      new Promise((resolve, reject) => http.get(`${base}/healthz`, resolve).on('error', reject)),
    ).rejects.toThrow(/ECONNREFUSED/);
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    await drained;
  });
});

/**
 * The Cloud Storage artifact store against the Firebase Storage emulator (started here, on a free
 * port, in a demo- project; tooling/stack/storageEmulator.mjs): what a bucket holds after a publish
 * and what a browser gets from it, the refusals, the hash read back, and a publish cut off by the
 * emulator stopping half-way.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Storage } from '@google-cloud/storage';
import { startStorageEmulator } from 'local-stack/storageEmulator.mjs';
import type { ArtifactStore } from '../src/artifactStore';
import { ReleaseError } from '../src/errors';
import { createGcsArtifactStore } from '../src/gcsArtifactStore';
import { findRemote } from '../src/remotes';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

const BUCKET = 'demo-ai-manabi-releases';
const remote = findRemote('public-site');
type Emulator = Awaited<ReturnType<typeof startStorageEmulator>>;

/** A small build: entries, a content-hashed chunk, a server build, a precompressed sibling. */
const FILES: Record<string, string> = {
  'mf-manifest.json': '{"name":"public_site"}',
  'remoteEntry.js': 'var public_site;',
  '123.0123456789.js': 'console.log("chunk")',
  'index.html': '<!doctype html><title>x</title>',
  'static/site.a1b2c3d4e5.css': 'body{}',
  'server/remoteEntry.js': 'module.exports = {};',
  'server/mf-manifest.json': '{"name":"public_site"}',
  'remoteEntry.js.gz': 'gzip bytes',
};

let tmp: string;
let emulator: Emulator;
const stores: ArtifactStore[] = [];

function builtFolder(name: string, files = FILES): string {
  const dir = path.join(tmp, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const storeOn = (target: Emulator, timeoutMs = 30_000) =>
  createGcsArtifactStore({ bucket: BUCKET, emulatorHost: target.url, timeoutMs, concurrency: 2 });
/** The bucket as another client sees it: every object name under a prefix. */
const objectNames = async (prefix: string) =>
  (await new Storage({ apiEndpoint: emulator.url, projectId: 'demo-ai-manabi' }).bucket(BUCKET).getFiles({ prefix }))[0]
    .map((file) => file.name)
    .sort();
const publicUrl = (file: string) => `${emulator.url}/${BUCKET}/public-site/${file}`;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gcs-store-'));
  emulator = await startStorageEmulator();
  stores.push(storeOn(emulator));
});
afterAll(async () => {
  await emulator?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

it('publishes every file with its type and caching, served to a browser by path with CORS', async () => {
  const store = stores[0]!;
  const stored: string[] = [];
  await store.publish(remote, 'v1', builtFolder('v1'), { onFileStored: (file) => void stored.push(file) });
  // Entries last: an interrupted publish leaves no manifest to load a partial version through.
  expect(stored.slice(-4).sort()).toEqual([
    'mf-manifest.json',
    'remoteEntry.js',
    'server/mf-manifest.json',
    'server/remoteEntry.js',
  ]);
  expect(await store.has(remote, 'v1')).toBe(true);
  const [listed] = await store.list(remote);
  expect(listed?.version).toBe('v1');
  expect(Math.abs(listed!.publishedAt.getTime() - Date.now())).toBeLessThan(60_000);
  expect(await objectNames('public-site/v1/')).toEqual(
    Object.keys(FILES)
      .filter((file) => !file.endsWith('.gz'))
      .map((file) => `public-site/v1/${file}`)
      .sort(),
  );

  const expectations: Array<[string, string, string]> = [
    ['mf-manifest.json', 'application/json; charset=utf-8', 'no-cache'],
    ['remoteEntry.js', 'text/javascript; charset=utf-8', 'no-cache'],
    ['index.html', 'text/html; charset=utf-8', 'no-cache'],
    ['123.0123456789.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
    ['static/site.a1b2c3d4e5.css', 'text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
  ];
  for (const [file, type, caching] of expectations) {
    const response = await fetch(publicUrl(`v1/${file}`), { headers: { Origin: 'http://localhost:3000' } });
    expect([file, response.status]).toEqual([file, 200]);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('cache-control')).toBe(caching);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(await response.text()).toBe(FILES[file]);
  }
  // Not uploaded: a bucket serves objects as they are (docs/releasing.md).
  expect((await fetch(publicUrl('v1/remoteEntry.js.gz'))).status).toBe(404);
});

it('refuses a version that exists, and a folder with a link, before writing anything', async () => {
  const store = stores[0]!;
  await expect(store.publish(remote, 'v1', builtFolder('again'))).rejects.toThrow(
    `public-site のバージョン v1 は既に gs://${BUCKET} にあります。`,
  );
  const linked = builtFolder('linked');
  fs.symlinkSync('/etc', path.join(linked, 'static', 'etc'));
  const refusal = store.publish(remote, 'v2', linked);
  await expect(refusal).rejects.toThrow(ReleaseError);
  await expect(refusal).rejects.toThrow(/static\/etc \(シンボリックリンク → \/etc\)/);
  expect(await objectNames('public-site/v2/')).toEqual([]);
  expect((await store.list(remote)).map((entry) => entry.version)).toEqual(['v1']);
});

it('compares every hash read back with the local file: a file changed in the bucket is no version', async () => {
  const store = stores[0]!;
  const other = new Storage({ apiEndpoint: emulator.url, projectId: 'demo-ai-manabi' }).bucket(BUCKET);
  const publish = store.publish(remote, 'v3', builtFolder('v3'), {
    // Another writer replaces a file once it is up (the store never overwrites; this one does).
    onFileStored: async (file) => {
      if (file === 'index.html')
        await other.file('public-site/v3/index.html').save('<p>changed</p>', { resumable: false });
    },
  });
  await expect(publish).rejects.toThrow(
    /v3 の公開に失敗しました \(読み戻したファイルが一致しません: index\.html: md5 が違います\)/,
  );
  await expect(publish).rejects.toThrow('アップロードしたファイルは削除しました。');
  expect(await store.has(remote, 'v3')).toBe(false);
  expect(await objectNames('public-site/v3/')).toEqual([]);
});

it('removes a version: the marker first, then its files', async () => {
  const store = stores[0]!;
  await store.publish(remote, 'v4', builtFolder('v4'));
  expect((await store.list(remote)).map((entry) => entry.version)).toEqual(['v1', 'v4']);
  await store.remove(remote, 'v4');
  await store.remove(remote, 'v4'); // nothing there: nothing happens
  expect((await store.list(remote)).map((entry) => entry.version)).toEqual(['v1']);
  expect(await objectNames('public-site/v4/')).toEqual([]);
  expect((await fetch(publicUrl('v4/mf-manifest.json'))).status).toBe(404);
});

/**
 * The Storage emulator stopped half-way through a publish (issue 41's fault): the publish fails
 * with a sentence that says what happened and that no version was made, nothing half-published is
 * ever listed as a version, and running the same publish again ends in one outcome.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Storage } from '@google-cloud/storage';
import { startStorageEmulator } from 'local-stack/storageEmulator.mjs';
import { createGcsArtifactStore } from '../src/gcsArtifactStore';
import { findRemote } from '../src/remotes';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(90_000));

const BUCKET = 'demo-ai-manabi-releases';
const remote = findRemote('public-site');
type Emulator = Awaited<ReturnType<typeof startStorageEmulator>>;
const FILE_COUNT = 24;

let tmp: string;
let folder: string;
const running: Emulator[] = [];

const storeOn = (emulator: Emulator) =>
  // A short limit: a stopped store fails the command in seconds (the default is 30 s). Paced: the
  // emulator answering a healthy upload on a slow machine beside the browser suite took over 2 s.
  createGcsArtifactStore({ bucket: BUCKET, emulatorHost: emulator.url, timeoutMs: paced(2_000), concurrency: 2 });
const objectNames = async (emulator: Emulator) =>
  (await new Storage({ apiEndpoint: emulator.url, projectId: 'demo-ai-manabi' }).bucket(BUCKET).getFiles())[0]
    .map((file) => file.name)
    .sort();
const expectedObjects = (version: string) =>
  [
    `_published/public-site/${version}.json`,
    `public-site/${version}/mf-manifest.json`,
    `public-site/${version}/remoteEntry.js`,
    ...Array.from({ length: FILE_COUNT }, (_, i) => `public-site/${version}/${i}.0123456789.js`),
  ].sort();

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gcs-faults-'));
  folder = path.join(tmp, 'dist');
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'mf-manifest.json'), '{"name":"public_site"}');
  fs.writeFileSync(path.join(folder, 'remoteEntry.js'), 'var public_site;');
  for (let i = 0; i < FILE_COUNT; i++)
    fs.writeFileSync(path.join(folder, `${i}.0123456789.js`), `/* ${i} */`.repeat(500));
});
afterAll(async () => {
  // The client's own retries of the uploads cut off above (3, at most 2 s apart, each with its
  // 2 s limit) run on after the publish gave up: let them end before the emulators do and Jest
  // tears the module registry down under them.
  await new Promise((resolve) => setTimeout(resolve, paced(8_000)));
  for (const emulator of running) {
    emulator.kill('SIGCONT');
    await emulator.stop();
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

it('killed mid-upload: a clear failure, and the retry on a store that answers again publishes once', async () => {
  const first = await startStorageEmulator();
  running.push(first);
  let stored = 0;
  const started = Date.now();
  const publish = storeOn(first).publish(remote, 'k1', folder, {
    onFileStored: () => {
      if (++stored === 5) first.kill('SIGKILL');
    },
  });
  await expect(publish).rejects.toThrow(
    new RegExp(
      `gs://${BUCKET} への public-site k1 の公開に失敗しました \\(.+\\)。このバージョンは公開されていません.*` +
        '途中までのファイルは削除できませんでした.*同じコマンドをもう一度実行してください。',
    ),
  );
  expect(Date.now() - started).toBeLessThan(paced(30_000));
  expect(stored).toBeLessThan(FILE_COUNT + 2);

  // The emulator keeps its objects in memory: the one started again holds none of the attempt.
  const again = await startStorageEmulator({ port: first.port });
  running.push(again);
  const store = storeOn(again);
  await store.publish(remote, 'k1', folder);
  expect((await store.list(remote)).map((entry) => entry.version)).toEqual(['k1']);
  expect(await objectNames(again)).toEqual(expectedObjects('k1'));
});

it('frozen mid-upload: the half-published files are never a version, and the retry replaces them', async () => {
  const emulator = await startStorageEmulator();
  running.push(emulator);
  const store = storeOn(emulator);
  let stored = 0;
  const publish = store.publish(remote, 'f1', folder, {
    onFileStored: () => {
      if (++stored === 5) emulator.kill('SIGSTOP');
    },
  });
  await expect(publish).rejects.toThrow(/f1 の公開に失敗しました .*このバージョンは公開されていません/);
  emulator.kill('SIGCONT');

  // What the frozen store kept: some files, no manifest, no marker, so no version.
  const left = await objectNames(emulator);
  expect(left.length).toBeGreaterThan(0);
  expect(left).not.toContain('public-site/f1/mf-manifest.json');
  expect(left).not.toContain('_published/public-site/f1.json');
  expect(await store.has(remote, 'f1')).toBe(false);
  expect(await store.list(remote)).toEqual([]);
  expect((await fetch(`${emulator.url}/${BUCKET}/public-site/f1/mf-manifest.json`)).status).toBe(404);

  await store.publish(remote, 'f1', folder);
  expect((await store.list(remote)).map((entry) => entry.version)).toEqual(['f1']);
  expect(await objectNames(emulator)).toEqual(expectedObjects('f1'));
  // And once it is a version, it stays one: a third run is refused.
  await expect(store.publish(remote, 'f1', folder)).rejects.toThrow('public-site のバージョン f1 は既に');
});

/**
 * A proxy in front of the emulator that forwards every request and, for the completion marker's
 * upload, drops the answer after the emulator stored it (a load balancer's time-out after the write).
 */
async function answerLosingProxy(emulator: Emulator): Promise<{ url: string; lost: () => number; close(): void }> {
  let lost = 0;
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      `${emulator.url}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        if (req.method === 'POST' && decodeURIComponent(req.url ?? '').includes('_published/')) {
          lost += 1;
          answer.resume();
          answer.on('end', () => res.socket?.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lost: () => lost,
    close: () => server.close(),
  };
}

it('the marker stored but its answer lost: the publish asks again and keeps the complete version', async () => {
  const emulator = await startStorageEmulator();
  running.push(emulator);
  const proxy = await answerLosingProxy(emulator);
  try {
    const store = createGcsArtifactStore({ bucket: BUCKET, emulatorHost: proxy.url, timeoutMs: paced(2_000) });
    await store.publish(remote, 'm1', folder);
    expect(proxy.lost()).toBeGreaterThan(0);
    expect((await storeOn(emulator).list(remote)).map((entry) => entry.version)).toEqual(['m1']);
    expect(await objectNames(emulator)).toEqual(expectedObjects('m1'));
  } finally {
    proxy.close();
  }
});

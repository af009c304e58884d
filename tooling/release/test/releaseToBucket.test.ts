/**
 * `npm run release` with a bucket as the artifact store (RELEASE_STORE=gcs, the Storage emulator):
 * the service reads the manifest from the bucket's URL and flips; a refusal takes the version back
 * out of the bucket; and the store stopped half-way through the upload (a proxy that stops
 * answering after the first file) exits 1 with the sentence, changes nothing, and the same command
 * run again ends in one release.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startStorageEmulator } from 'local-stack/storageEmulator.mjs';
import { createGcsArtifactStore } from '../src/gcsArtifactStore';
import { findRemote } from '../src/remotes';
import { type ReleaseWorld, startReleaseWorld } from './releaseWorld';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(90_000));

const BUCKET = 'demo-ai-manabi-releases';
let emulator: Awaited<ReturnType<typeof startStorageEmulator>>;
let world: ReleaseWorld;
let proxy: http.Server;
/** Requests held unanswered while the proxy plays a stopped store. */
let stopAfterUploads = Infinity;
let uploads = 0;
const held: http.ServerResponse[] = [];

const versions = async () =>
  (await createGcsArtifactStore({ bucket: BUCKET, emulatorHost: emulator.url }).list(findRemote('admin-console'))).map(
    (entry) => entry.version,
  );
const manifestUrl = (version: string) => `${emulator.url}/${BUCKET}/admin-console/${version}/mf-manifest.json`;

beforeAll(async () => {
  emulator = await startStorageEmulator();
  proxy = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/upload/')) uploads += 1;
    if (uploads > stopAfterUploads) {
      held.push(res);
      req.resume();
      return;
    }
    const upstream = http.request(
      `${emulator.url}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  world = await startReleaseWorld(
    { RELEASE_PUBLIC_URL: `${emulator.url}/${BUCKET}/{workspace}` },
    {
      RELEASE_STORE: 'gcs',
      RELEASE_STORE_BUCKET: BUCKET,
      STORAGE_EMULATOR_HOST: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      RELEASE_STORE_TIMEOUT_MS: '2000',
    },
  );
});
afterAll(async () => {
  for (const res of held) res.socket?.destroy();
  proxy?.closeAllConnections();
  proxy?.close();
  await world?.close();
  await emulator?.stop();
});

it('publishes to the bucket, and the service flips to the bucket’s URL', async () => {
  const { code, out, err } = await world.cli('release', [
    'admin-console',
    '--version',
    'v1',
    '--from',
    world.builtFolder('v1'),
  ]);
  expect(err).toBe('');
  expect(code).toBe(0);
  expect(out).toContain(`✔ admin_console v1 を公開しました (本番 production): ${manifestUrl('v1')}`);
  expect(await world.registry('production')).toEqual({ admin_console: manifestUrl('v1') });
  expect(await (await fetch(`${emulator.url}/${BUCKET}/admin-console/v1/static/main.js`)).text()).toBe(
    'console.log("v1");',
  );
  expect(await versions()).toEqual(['v1']);
});

it('a refusal of the service takes the version back out of the bucket', async () => {
  const refused = await world.cli('release', [
    'admin-console',
    '--version',
    'v2',
    '--from',
    world.builtFolder('v2', '^20.0.0'),
  ]);
  expect(refused.code).toBe(1);
  expect(refused.err).toContain('共有シングルトン react');
  expect(await versions()).toEqual(['v1']);
  expect((await fetch(manifestUrl('v2'))).status).toBe(404);
  expect(await world.registry('production')).toEqual({ admin_console: manifestUrl('v1') });
});

it('the store stopped mid-upload: exit 1 with the sentence, nothing changed; the same command again releases once', async () => {
  const folder = world.builtFolder('v3');
  uploads = 0;
  stopAfterUploads = 1; // static/main.js goes up; mf-manifest.json never gets an answer
  const stopped = await world.cli('release', ['admin-console', '--version', 'v3', '--from', folder]);
  expect(stopped.code).toBe(1);
  expect(stopped.err).toMatch(
    new RegExp(
      `^gs://${BUCKET} への admin-console v3 の公開に失敗しました \\(2 秒以内に応答がありません\\)。このバージョンは公開されていません`,
    ),
  );
  expect(stopped.err).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
  expect(await versions()).toEqual(['v1']);
  expect(await world.registry('production')).toEqual({ admin_console: manifestUrl('v1') });

  stopAfterUploads = Infinity; // the store answers again
  const again = await world.cli('release', ['admin-console', '--version', 'v3', '--from', folder]);
  expect(again.err).toBe('');
  expect(again.code).toBe(0);
  expect(await world.registry('production')).toEqual({ admin_console: manifestUrl('v3') });
  expect(await versions()).toEqual(['v1', 'v3']);
});

/**
 * Which artifact store the release commands use (RELEASE_STORE and its variables): the offline
 * default, a bucket, and every mistake refused with a sentence naming the variable, before
 * anything is built or sent. Also the local store's list and remove (what --prune reads).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalArtifactStore } from '../src/artifactStore';
import { UsageError } from '../src/errors';
import { findRemote } from '../src/remotes';
import { artifactStoreFromEnv, servicePublicUrl, storeConfigFromEnv } from '../src/storeConfig';

const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    storeConfigFromEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

it('is the local folder when nothing is set (npm start, offline)', () => {
  const config = storeConfigFromEnv({ RELEASE_STORE_DIR: '/tmp/x' });
  expect(config).toEqual({ kind: 'local', dir: '/tmp/x' });
  expect(servicePublicUrl(config)).toBeNull();
  expect(artifactStoreFromEnv({ RELEASE_STORE: ' local ', RELEASE_STORE_DIR: '/tmp/x' }).kind).toBe('local');
});

it('is a bucket with RELEASE_STORE=gcs: its public URL, the emulator when STORAGE_EMULATOR_HOST is set', () => {
  const real = storeConfigFromEnv({ RELEASE_STORE: 'gcs', RELEASE_STORE_BUCKET: 'ai-manabi-releases' });
  expect(real).toEqual({
    kind: 'gcs',
    bucket: 'ai-manabi-releases',
    publicUrl: 'https://storage.googleapis.com/ai-manabi-releases',
    emulatorHost: undefined,
    timeoutMs: 30_000,
  });
  expect(servicePublicUrl(real)).toBe('https://storage.googleapis.com/ai-manabi-releases/{workspace}');
  const emulated = storeConfigFromEnv({
    RELEASE_STORE: 'gcs',
    RELEASE_STORE_BUCKET: 'demo-releases',
    STORAGE_EMULATOR_HOST: '127.0.0.1:9199',
  });
  expect(emulated).toMatchObject({
    emulatorHost: 'http://127.0.0.1:9199',
    publicUrl: 'http://127.0.0.1:9199/demo-releases',
  });
  const behindCdn = storeConfigFromEnv({
    RELEASE_STORE: 'gcs',
    RELEASE_STORE_BUCKET: 'ai-manabi-releases',
    RELEASE_STORE_PUBLIC_URL: 'https://releases.example.com/',
  });
  expect(servicePublicUrl(behindCdn)).toBe('https://releases.example.com/{workspace}');
  expect(artifactStoreFromEnv({ RELEASE_STORE: 'gcs', RELEASE_STORE_BUCKET: 'demo-releases' }).description).toBe(
    'Cloud Storage gs://demo-releases',
  );
});

it('loads the Cloud Storage client only for a bucket (every release command on the local store starts without it)', async () => {
  const loaded = jest.fn();
  await jest.isolateModulesAsync(async () => {
    jest.doMock('@google-cloud/storage', () => {
      loaded();
      return jest.requireActual('@google-cloud/storage');
    });
    const isolated = await import('../src/storeConfig');
    expect(isolated.artifactStoreFromEnv({ RELEASE_STORE_DIR: '/tmp/x' }).kind).toBe('local');
    expect(loaded).not.toHaveBeenCalled();
    expect(isolated.artifactStoreFromEnv({ RELEASE_STORE: 'gcs', RELEASE_STORE_BUCKET: 'demo-releases' }).kind).toBe(
      'gcs',
    );
    expect(loaded).toHaveBeenCalledTimes(1);
  });
});

it('refuses what is not a store, a bucket or a URL, naming the variable in Japanese and English', () => {
  expect(refusal({ RELEASE_STORE: 's3' })).toBe(
    'RELEASE_STORE「s3」は使えません。local (このマシンのフォルダ) か gcs (Cloud Storage) を指定してください。 / RELEASE_STORE must be local or gcs.',
  );
  expect(refusal({ RELEASE_STORE: 'gcs' })).toMatch(/RELEASE_STORE_BUCKET が必要です .* \/ is required/);
  expect(refusal({ RELEASE_STORE: 'gcs', RELEASE_STORE_BUCKET: 'Bad_Bucket!' })).toMatch(
    /RELEASE_STORE_BUCKET はバケット名ではありません/,
  );
  expect(
    refusal({ RELEASE_STORE: 'gcs', RELEASE_STORE_BUCKET: 'ok-bucket', RELEASE_STORE_PUBLIC_URL: 'ftp://x' }),
  ).toMatch(/RELEASE_STORE_PUBLIC_URL は http\(s\) の URL にしてください/);
  expect(refusal({ RELEASE_STORE: 'gcs', RELEASE_STORE_BUCKET: 'ok-bucket', RELEASE_STORE_TIMEOUT_MS: '5s' })).toMatch(
    /RELEASE_STORE_TIMEOUT_MS はミリ秒の整数にしてください/,
  );
  expect(refusal({ RELEASE_STORE: 'gcs', RELEASE_STORE_BUCKET: 'ok-bucket', RELEASE_STORE_TIMEOUT_MS: '10' })).toMatch(
    /RELEASE_STORE_TIMEOUT_MS は 1000 以上にしてください/,
  );
});

it('lists the local store’s complete versions (never a copy in progress) and removes one', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-store-'));
  try {
    const store = createLocalArtifactStore(dir);
    const remote = findRemote('admin-console');
    const built = path.join(dir, 'built');
    fs.mkdirSync(built);
    fs.writeFileSync(path.join(built, 'mf-manifest.json'), '{}');
    await store.publish(remote, 'v1', built);
    await store.publish(remote, 'v2', built);
    fs.mkdirSync(path.join(dir, 'admin-console', '.incoming-v3-123'));
    expect((await store.list(remote)).map((entry) => entry.version).sort()).toEqual(['v1', 'v2']);
    await expect(store.publish(remote, 'v1', built)).rejects.toThrow('admin-console のバージョン v1 は既に');
    await store.remove(remote, 'v1');
    expect((await store.list(remote)).map((entry) => entry.version)).toEqual(['v2']);
    expect(await store.has(remote, 'v1')).toBe(false);
    expect(await store.list(findRemote('public-site'))).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

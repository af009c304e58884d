// Which artifact store a release command uses, from its environment (docs/configuration.md):
//
//   RELEASE_STORE             local (default: the folder `npm start` serves, offline) | gcs
//   RELEASE_STORE_DIR         the local store's folder (default .releases/)
//   RELEASE_STORE_BUCKET      gcs: the bucket (required)
//   RELEASE_STORE_PUBLIC_URL  gcs: where the bucket is served to browsers (default its
//                             storage.googleapis.com URL, or the emulator's path-style URL); the
//                             release service's RELEASE_PUBLIC_URL is this + `/{workspace}`
//   STORAGE_EMULATOR_HOST     gcs: the Storage emulator instead of Cloud Storage (as the Google
//                             client libraries read it)
//   RELEASE_STORE_TIMEOUT_MS  gcs: how long one call to the bucket may take, retries included
//                             (default 30000)
import { z } from 'zod';
import { type ArtifactStore, artifactStoreDir, createLocalArtifactStore } from './artifactStore';
import { UsageError } from './errors';
import type * as GcsStore from './gcsArtifactStore';

/** Cloud Storage's rule for bucket names (without dots' extra rules: a dotted name needs domain verification). */
const BUCKET = /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/;

const emulatorHost = z
  .string()
  .trim()
  .transform((value) => (/^https?:\/\//.test(value) ? value : `http://${value}`))
  .pipe(z.url({ protocol: /^https?$/ }))
  .transform((value) => value.replace(/\/+$/, ''));

const schema = z.discriminatedUnion('RELEASE_STORE', [
  z.object({ RELEASE_STORE: z.literal('local') }),
  z.object({
    RELEASE_STORE: z.literal('gcs'),
    RELEASE_STORE_BUCKET: z.string({ error: 'が必要です (例: ai-manabi-releases) / is required' }).regex(BUCKET, {
      error: 'はバケット名ではありません (英小文字・数字・. _ - の 3〜63 文字) / is not a bucket name',
    }),
    RELEASE_STORE_PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'は http(s) の URL にしてください / must be an http(s) URL' })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    STORAGE_EMULATOR_HOST: emulatorHost.optional(),
    RELEASE_STORE_TIMEOUT_MS: z.coerce
      .number({ error: 'はミリ秒の整数にしてください / must be a number of milliseconds' })
      .int({ error: 'はミリ秒の整数にしてください / must be a number of milliseconds' })
      .min(1_000, { error: 'は 1000 以上にしてください / must be at least 1000' })
      .max(600_000, { error: 'は 600000 以下にしてください / must be at most 600000' })
      .default(30_000),
  }),
]);

export type StoreConfig =
  | { kind: 'local'; dir: string }
  | { kind: 'gcs'; bucket: string; publicUrl: string; emulatorHost: string | undefined; timeoutMs: number };

/** The store's configuration, or a UsageError naming each wrong variable (nothing is sent then). */
export function storeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StoreConfig {
  const kind = env.RELEASE_STORE?.trim() || 'local';
  if (kind !== 'local' && kind !== 'gcs') {
    throw new UsageError(
      `RELEASE_STORE「${kind}」は使えません。local (このマシンのフォルダ) か gcs (Cloud Storage) を指定してください。` +
        ` / RELEASE_STORE must be local or gcs.`,
    );
  }
  const read = (name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined);
  const parsed = schema.safeParse({
    RELEASE_STORE: kind,
    RELEASE_STORE_BUCKET: read('RELEASE_STORE_BUCKET'),
    RELEASE_STORE_PUBLIC_URL: read('RELEASE_STORE_PUBLIC_URL'),
    STORAGE_EMULATOR_HOST: read('STORAGE_EMULATOR_HOST'),
    RELEASE_STORE_TIMEOUT_MS: read('RELEASE_STORE_TIMEOUT_MS'),
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')} ${issue.message}`);
    throw new UsageError(
      ['リリースストアの設定が正しくありません / invalid release store settings:', ...lines].join('\n'),
    );
  }
  const vars = parsed.data;
  if (vars.RELEASE_STORE === 'local') return { kind: 'local', dir: artifactStoreDir(env) };
  const emulator = vars.STORAGE_EMULATOR_HOST;
  const bucketUrl = emulator
    ? `${emulator}/${vars.RELEASE_STORE_BUCKET}`
    : `https://storage.googleapis.com/${vars.RELEASE_STORE_BUCKET}`;
  return {
    kind: 'gcs',
    bucket: vars.RELEASE_STORE_BUCKET,
    publicUrl: vars.RELEASE_STORE_PUBLIC_URL ?? bucketUrl,
    emulatorHost: emulator,
    timeoutMs: vars.RELEASE_STORE_TIMEOUT_MS,
  };
}

/** The value the release service's RELEASE_PUBLIC_URL must have for this store (null: the local default). */
export const servicePublicUrl = (config: StoreConfig) =>
  config.kind === 'gcs' ? `${config.publicUrl}/{workspace}` : null;

/**
 * The configured store. A bucket's client library (@google-cloud/storage, about a third of a
 * release command's start-up CPU) is loaded only for RELEASE_STORE=gcs: a command on the local
 * store, and `npm run releases` without --prune, start without it.
 */
export function artifactStoreFromEnv(env: NodeJS.ProcessEnv = process.env): ArtifactStore {
  const config = storeConfigFromEnv(env);
  if (config.kind === 'local') return createLocalArtifactStore(config.dir);
  // require, not import(): the commands run through tsx's CommonJS hook (scripts/release.mjs),
  // and a dynamic import() would leave it for Node's ES module loader, which cannot read .ts.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createGcsArtifactStore } = require('./gcsArtifactStore') as typeof GcsStore;
  return createGcsArtifactStore({
    bucket: config.bucket,
    emulatorHost: config.emulatorHost,
    timeoutMs: config.timeoutMs,
  });
}

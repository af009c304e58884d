// The artifact store in a Cloud Storage bucket: version `v` of a remote is the objects
// `<workspace>/<v>/…`, served at `<public URL>/<workspace>/<v>/…` (the bucket's own URL, a CDN in
// front of it, or the Storage emulator's path-style URL in tests).
//
// A bucket has no folder to rename into place, so "complete or absent" is kept by a marker: a
// version exists once `_published/<workspace>/<v>.json` does, and that object is written last,
// after every file was uploaded and its hashes (md5 and crc32c, as the bucket computed them) read
// back and compared with the local file. Entries (mf-manifest.json, remoteEntry.js) are uploaded
// after the other files, so an interrupted publish leaves no manifest either. Every object is
// created with `ifGenerationMatch: 0`: nothing is ever overwritten, and of two publishers of one
// version one fails. The objects of an interrupted publish are deleted at once when the bucket
// answers, or by the next publish of that version.
import { type Bucket, Storage } from '@google-cloud/storage';
import type { ArtifactStore, PublishedVersion } from './artifactStore';
import { assertVersionId, existingVersion } from './artifactStore';
import { ReleaseError } from './errors';
import { assertPublishable } from './releaseFolder';
import { isEntry, type ReleaseFile, releaseFiles } from './releaseFiles';
import type { Remote } from './remotes';

export const MARKERS = '_published';

export interface GcsStoreOptions {
  bucket: string;
  /** The Storage emulator (`http://127.0.0.1:9199`); the real service when absent. */
  emulatorHost?: string | undefined;
  /** Uploads at once (default 8). */
  concurrency?: number;
  /** One request's time limit, and the time all retries of one call may take (default 30 s). */
  timeoutMs?: number;
}

/** Runs `work` on every item, `limit` at a time; the first failure ends the run (after the running ones). */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      await work(item).catch((error: unknown) => {
        failed = true;
        throw error;
      });
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const rejected = results.find((result) => result.status === 'rejected');
  if (rejected) throw (rejected as PromiseRejectedResult).reason;
}

/**
 * Every call to the bucket ends within `ms`: the client's own retries do not always (a refused
 * connection kept getFiles and exists retrying past retryOptions.totalTimeout).
 */
function deadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${ms / 1000} 秒以内に応答がありません`)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

const reasonOf = (error: unknown) => ((error as Error)?.message ?? String(error)).split('\n')[0]!.slice(0, 300);

export function createGcsArtifactStore(options: GcsStoreOptions): ArtifactStore {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const storage = new Storage({
    // The emulator takes any project and no credentials; Cloud Storage's come from the environment
    // (Application Default Credentials, docs/configuration.md).
    ...(options.emulatorHost ? { apiEndpoint: options.emulatorHost, projectId: 'demo-ai-manabi' } : {}),
    // Bounded: an unreachable bucket ends the command with its reason within the limit, instead
    // of the library's ten minutes of retries.
    retryOptions: { autoRetry: true, maxRetries: 3, maxRetryDelay: 2, totalTimeout: timeoutMs / 1000 },
    timeout: timeoutMs,
  });
  const bucket: Bucket = storage.bucket(options.bucket);
  const where = `gs://${options.bucket}`;
  const prefix = (remote: Remote, version: string) => {
    assertVersionId(version);
    return `${remote.workspace}/${version}/`;
  };
  const marker = (remote: Remote, version: string) => bucket.file(`${MARKERS}/${remote.workspace}/${version}.json`);
  const objectsUnder = async (name: string) => (await deadline(bucket.getFiles({ prefix: name }), timeoutMs))[0];
  const deleteUnder = async (name: string) =>
    eachLimited(await objectsUnder(name), options.concurrency ?? 8, async (file) => {
      await deadline(file.delete({ ignoreNotFound: true }), timeoutMs);
    });

  /** Creates an object (never replaces one: ifGenerationMatch 0). */
  const create = (name: string, bytes: Buffer | string, contentType: string, cacheControl: string) =>
    deadline(
      bucket.file(name).save(bytes, {
        resumable: false,
        contentType,
        metadata: { cacheControl },
        preconditionOpts: { ifGenerationMatch: 0 },
        timeout: timeoutMs,
      }),
      timeoutMs,
    );

  /** The bucket's hashes of every object under `base`, compared with the local files. */
  async function verify(base: string, files: ReleaseFile[]): Promise<void> {
    const stored = new Map(
      (await objectsUnder(base)).map((object) => [object.name.slice(base.length), object.metadata]),
    );
    const problems: string[] = [];
    for (const file of files) {
      const metadata = stored.get(file.name);
      if (!metadata) problems.push(`${file.name}: ありません`);
      else if (metadata.md5Hash !== undefined && metadata.md5Hash !== file.md5)
        problems.push(`${file.name}: md5 が違います`);
      else if (metadata.crc32c !== undefined && metadata.crc32c !== file.crc32c)
        problems.push(`${file.name}: crc32c が違います`);
      else if (metadata.md5Hash === undefined && metadata.crc32c === undefined)
        problems.push(`${file.name}: ハッシュがありません`);
      stored.delete(file.name);
    }
    for (const extra of stored.keys()) problems.push(`${extra}: 公開していないファイルがあります`);
    if (problems.length) throw new Error(`読み戻したファイルが一致しません: ${problems.slice(0, 10).join(' / ')}`);
  }

  /** A failure to reach the bucket as a sentence; a refusal of the store's own stays as it is. */
  const asking = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ReleaseError) throw error;
      throw new ReleaseError(`${where} で${what}できませんでした (${reasonOf(error)})。`);
    }
  };

  const store: ArtifactStore = {
    kind: 'gcs',
    description: `Cloud Storage ${where}${options.emulatorHost ? ` (emulator ${options.emulatorHost})` : ''}`,
    async has(remote, version) {
      assertVersionId(version);
      return asking(
        `${version} の有無を確認`,
        async () => (await deadline(marker(remote, version).exists(), timeoutMs))[0],
      );
    },
    async publish(remote, version, fromDir, { onFileStored } = {}) {
      const base = prefix(remote, version);
      if (await store.has(remote, version)) throw existingVersion(remote, version, where);
      // Before anything is written: a link would be published with what it points at.
      assertPublishable(fromDir);
      const files = releaseFiles(fromDir);
      let markerSent = false;
      try {
        // What an interrupted publish of this version left (no marker: never a version).
        await deleteUnder(base);
        const store1 = async (file: ReleaseFile) => {
          await create(base + file.name, file.bytes, file.contentType, file.cacheControl);
          await onFileStored?.(file.name);
        };
        await eachLimited(
          files.filter((file) => !isEntry(file)),
          options.concurrency ?? 8,
          store1,
        );
        await eachLimited(files.filter(isEntry), options.concurrency ?? 8, store1);
        await verify(base, files);
        const publishedAt = new Date().toISOString();
        markerSent = true;
        await create(
          marker(remote, version).name,
          JSON.stringify({ version, files: files.length, publishedAt }),
          'application/json; charset=utf-8',
          'no-cache',
        );
      } catch (error) {
        const failed = `${where} への ${remote.workspace} ${version} の公開に失敗しました (${reasonOf(error)})。`;
        if (markerSent) {
          // The marker's answer lost: the bucket may have stored it, and then this is a complete
          // version whose files must stay.
          const stored = await store.has(remote, version).catch(() => null);
          if (stored) return;
          if (stored === null) {
            throw new ReleaseError(
              `${failed}完了の印が書けたかどうかを確認できないため、ファイルは残しました。` +
                `ストアが応答するようになったら npm run releases で確かめ、なければ同じコマンドをもう一度実行してください。`,
            );
          }
        }
        const cleaned = await deleteUnder(base).then(
          () => 'アップロードしたファイルは削除しました。',
          () => '途中までのファイルは削除できませんでした (同じバージョンを公開し直すと先に削除されます)。',
        );
        throw new ReleaseError(
          `${failed}このバージョンは公開されていません (完了の印がないため、リリースにも一覧にも使われません)。${cleaned}` +
            `ストアが応答するようになったら、同じコマンドをもう一度実行してください。`,
        );
      }
    },
    async remove(remote, version) {
      const base = prefix(remote, version);
      await asking(`${version} を削除`, async () => {
        // The marker first: from then on it is no version, whatever is left to delete.
        await deadline(marker(remote, version).delete({ ignoreNotFound: true }), timeoutMs);
        await deleteUnder(base);
      });
    },
    async list(remote) {
      const markers = await asking('バージョンの一覧を取得', () => objectsUnder(`${MARKERS}/${remote.workspace}/`));
      const versions: PublishedVersion[] = markers
        .map((file) => ({
          version: file.name.slice(`${MARKERS}/${remote.workspace}/`.length).replace(/\.json$/, ''),
          publishedAt: new Date(file.metadata.timeCreated ?? 0),
        }))
        .filter((entry) => !entry.version.includes('/'));
      return versions.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
    },
  };
  return store;
}

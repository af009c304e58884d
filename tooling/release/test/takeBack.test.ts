/**
 * After a decided refusal the CLI takes its published folder back when nothing names the version;
 * a store that fails to delete (a bucket unreachable) leaves it, says so, and the refusal is still
 * what the command answers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ReleaseClient, ReleaseApiError } from 'shared-releases';
import type { ArtifactStore } from '../src/artifactStore';
import { releaseRemote } from '../src/releaseRemote';
import { findRemote } from '../src/remotes';

const REFUSAL = 'admin_console をリリースする権限がありません。';

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function builtFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'take-back-'));
  folders.push(dir);
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
  return dir;
}

function world({ referenced, removeFails }: { referenced: boolean; removeFails: boolean }) {
  const removed: string[] = [];
  const store = {
    kind: 'local',
    description: 'a store in memory',
    has: async () => false,
    publish: async () => {},
    list: async () => [],
    async remove(_remote, version) {
      if (removeFails) throw new Error('bucket unreachable');
      removed.push(version);
    },
  } satisfies ArtifactStore;
  const client = {
    release: async () => {
      throw new ReleaseApiError(REFUSAL, 403);
    },
    versionUsage: async (_remote: string, version: string) => ({
      version,
      referenced,
      where: referenced ? [{ environment: 'production', as: 'history' }] : [],
    }),
  } as unknown as ReleaseClient;
  const log: string[] = [];
  const release = () =>
    releaseRemote({
      remote: findRemote('admin-console'),
      version: 'v9',
      environment: 'production',
      store,
      client,
      fromDir: builtFolder(),
      log: (line) => log.push(line),
    });
  return { release, removed, log };
}

it('a refusal for a version nothing names takes the folder back', async () => {
  const { release, removed, log } = world({ referenced: false, removeFails: false });
  await expect(release()).rejects.toThrow(REFUSAL);
  expect(removed).toEqual(['v9']);
  expect(log.join('\n')).not.toContain('残しました');
});

it('a store that fails to delete keeps the folder, says so and points to --prune; the refusal is the answer', async () => {
  const { release, removed, log } = world({ referenced: false, removeFails: true });
  await expect(release()).rejects.toThrow(REFUSAL);
  expect(removed).toEqual([]);
  expect(log).toContain(
    'admin-console v9 のフォルダは残しました (削除に失敗しました: bucket unreachable)。npm run releases -- --prune で後から削除できます。',
  );
});

it('a version some line or history names keeps its folder', async () => {
  const { release, removed, log } = world({ referenced: true, removeFails: false });
  await expect(release()).rejects.toThrow(REFUSAL);
  expect(removed).toEqual([]);
  expect(log.join('\n')).toContain('admin-console v9 のフォルダは残しました');
});

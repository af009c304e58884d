// Publish time of one remote's production build to each artifact store, side by side
// (docs/performance.md): the local folder (`npm start`'s store) and a Cloud Storage bucket (the
// Firebase Storage emulator on this machine: no network in the figure, so it is the store's own
// cost: one request per file, the hashes read back, the completion marker).
//   npx tsx tooling/bench/publishStore.ts [workspace (public-site)] [runs (5)]
// Needs the workspace's dist/ (npm run build).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distDir } from 'local-stack/apps.mjs';
import { startStorageEmulator } from 'local-stack/storageEmulator.mjs';
import { type ArtifactStore, createLocalArtifactStore } from 'release-tooling/src/artifactStore';
import { createGcsArtifactStore } from 'release-tooling/src/gcsArtifactStore';
import { releaseFiles } from 'release-tooling/src/releaseFiles';
import { findRemote } from 'release-tooling/src/remotes';
import { median } from './stats';

const remote = findRemote(process.argv[2] ?? 'public-site');
const runs = Number(process.argv[3] ?? 5);
const dist = distDir(remote.workspace);
if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) {
  console.error(`${dist} has no build: npm run build`);
  process.exit(1);
}

async function timePublishes(store: ArtifactStore): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await store.publish(remote, `bench-${run}`, dist);
    times.push(performance.now() - started);
  }
  return times;
}

const row = (name: string, times: number[]) =>
  `${name.padEnd(28)} median ${Math.round(median(times))} ms (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))})`;

const files = releaseFiles(dist);
const localBytes = fs
  .readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => fs.statSync(path.join(entry.parentPath, entry.name)).size);
console.log(
  `${remote.workspace}: ${localBytes.length} files, ${(localBytes.reduce((a, b) => a + b, 0) / 1e6).toFixed(1)} MB ` +
    `(to a bucket: ${files.length} files, ${(files.reduce((a, f) => a + f.bytes.length, 0) / 1e6).toFixed(1)} MB without .br/.gz); ${runs} runs`,
);
async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-store-'));
  const emulator = await startStorageEmulator();
  try {
    console.log(row('local folder', await timePublishes(createLocalArtifactStore(dir))));
    const bucket = createGcsArtifactStore({ bucket: 'demo-bench-releases', emulatorHost: emulator.url });
    console.log(row('Storage emulator (gcs)', await timePublishes(bucket)));
  } finally {
    await emulator.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

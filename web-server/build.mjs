#!/usr/bin/env node
// Builds the web server into dist/: four entries (the library the dev stack and tests import,
// the dev entry `web-server/dev`, the production command, the render thread), each one ES module
// with its npm dependencies left as imports. The workspaces it imports by name (shared-core,
// shared-releases, shared-deployables, the shell's render contract; its devDependencies) are
// TypeScript source or repo files, so they are bundled in: the image holds no workspace
// (deploy/stage-web-server.mjs). esbuild only strips the types: `tsc -b` at the root type-checks.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The rule the services' build follows too: workspaces bundled, npm packages imported.
import nodeBundle from 'shared-deployables/node-bundle';

const { npmPackagesExternal } = nodeBundle;
const here = path.dirname(fileURLToPath(import.meta.url));

export async function buildWebServer() {
  // Chunk names change with their content: a stale one would be left beside the new ones.
  fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true });
  await build({
    absWorkingDir: here,
    // Named outputs: dist/main.js is the production command, and the render pool finds
    // renderWorker.js beside the chunk it runs from (src/render/renderPool.ts).
    entryPoints: [
      { in: 'src/index.ts', out: 'index' },
      { in: 'src/dev/index.ts', out: 'dev' },
      { in: 'src/main.ts', out: 'main' },
      { in: 'src/render/renderWorker.ts', out: 'renderWorker' },
    ],
    outdir: 'dist',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [npmPackagesExternal],
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildWebServer().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}

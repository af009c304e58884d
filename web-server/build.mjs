#!/usr/bin/env node
// Builds the web server into dist/: three entries (the library the dev stack and tests import,
// the production command, the render thread), each one ES module with its npm dependencies left
// as imports. esbuild only strips the types: `tsc -b` at the root type-checks the sources.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
      { in: 'src/main.ts', out: 'main' },
      { in: 'src/render/renderWorker.ts', out: 'renderWorker' },
    ],
    outdir: 'dist',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
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

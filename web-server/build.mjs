#!/usr/bin/env node
// Builds the web server into dist/: four entries (the library the dev stack and tests import,
// the dev entry `web-server/dev`, the production command, the render thread), each one ES module
// with its npm dependencies left as imports. The workspaces it imports by name (shared-core,
// shared-releases, shared-deployables, the shell's render contract; its devDependencies) are
// TypeScript source or repo files, so they are bundled in: the image holds no workspace
// (deploy/stage-web-server.mjs). esbuild only strips the types: `tsc -b` at the root type-checks.
import { build } from 'esbuild';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.dirname(here);
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The names of the repo's workspaces (root package.json), which are bundled rather than imported. */
const workspaceNames = new Set(
  readJson(path.join(repoRoot, 'package.json')).workspaces.map(
    (dir) => readJson(path.join(repoRoot, dir, 'package.json')).name,
  ),
);

/** 'zod' → 'zod', 'shell/server-contract' → 'shell', '@scope/name/sub' → '@scope/name'. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** npm packages stay imports (resolved from node_modules at run time); workspaces are bundled. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      isBuiltin(specifier) || !workspaceNames.has(packageName(specifier))
        ? { path: specifier, external: true }
        : undefined,
    );
  },
};

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

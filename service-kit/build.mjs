#!/usr/bin/env node
// A service's production command: `<service>/dist/server.js`, one CommonJS file built by esbuild
// from `src/server.ts`, with the workspaces it imports (service-kit, shared-core, …; TypeScript
// source) bundled in and its npm packages left as require()s resolved from node_modules. Node runs
// it without tsx: a start costs half to two thirds of the CPU of `node --import tsx
// src/server.ts`, whose loader hooks run on a thread of their own and resolve and compile every
// file again (docs/log.md, "Services from their build"). esbuild only strips the types: `tsc -b` at the root
// type-checks.
//
//   node ../service-kit/build.mjs          from a service's folder (the image's build stage)
//
// The local stack and the tests build through `builtServiceEntry` (local-stack/services.mjs), once
// per process, so a service is never started from a build older than its source.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// CommonJS (shared-deployables): its named export is read from the default one.
import nodeBundle from 'shared-deployables/node-bundle';

const { npmPackagesExternal } = nodeBundle;

/** The production command's file of the service in `serviceDir`. */
export const serviceEntryOf = (serviceDir) => path.join(serviceDir, 'dist', 'server.js');

/**
 * Builds `serviceDir`'s dist/server.js (and its source map), resolving to its path. Each file is
 * written under a temporary name and renamed into place: two processes building one service at
 * once (the browser suite's and Jest's, side by side) each leave a whole file, and a service
 * already started keeps the file it loaded.
 */
export async function buildService(serviceDir) {
  const entry = serviceEntryOf(serviceDir);
  const { outputFiles } = await build({
    absWorkingDir: serviceDir,
    entryPoints: ['src/server.ts'],
    outfile: entry,
    bundle: true,
    platform: 'node',
    // As tsx ran the sources (no "type": "module"): `__dirname` is the bundle's folder,
    // <service>/dist, two levels under the repository's root as service-kit/src is (REPO_ROOT in
    // service-kit/src/config.ts, where local data lives by default).
    format: 'cjs',
    target: 'node20',
    plugins: [npmPackagesExternal],
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  });
  fs.mkdirSync(path.dirname(entry), { recursive: true });
  for (const file of outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  return entry;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildService(process.cwd()).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}

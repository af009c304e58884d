#!/usr/bin/env node
// Stages the web server's runtime folder: what the production image holds under /app
// (deploy/web-server.Dockerfile) and what scripts/test/webServerImage.test.ts runs, so the test
// exercises exactly what ships. Run from a workspace that is installed (`npm install`) and built
// (`node web-server/build.mjs`, `node scripts/build.mjs shell`):
//
//   node deploy/stage-web-server.mjs <out>
//
// <out> receives, at the paths they have in the repository (so every import resolves there as it
// does here):
//   web-server/package.json          "type": "module" for dist/
//   web-server/dist/                 the production command and the files it loads, nothing else
//   shell/dist/                      the shell's build: static files and server/main.js
//   node_modules/, web-server/node_modules/
//                                    the packages those builds load at run time and their
//                                    dependencies, copied from the installed workspace
//
// Why copied rather than installed with `npm install --omit=dev` in a clean folder (tried): that
// resolves every transitive dependency afresh, so the image would run other versions than the
// lockfile installed and the tests ran (ws 8.23.0 instead of the lockfile's 8.21.3, for one), and
// it needs the registry on every staging. `npm install --omit=dev --workspace web-server` keeps the
// lockfile but cannot bring jsdom, which the shell's server build requires while no workspace on
// its path declares it as a production dependency. Copying what Node resolves from the installed
// tree is the lockfile's versions, offline, and the same layout Node already resolves in the repo.
//
// Which packages: web-server's declared dependencies (every package web-server/dist imports must
// be declared: an undeclared one would work here only through hoisting), plus whatever the
// shell's server build leaves to require() at run time (its webpack externals), found by reading
// that build rather than listed here, so a new external cannot be forgotten.
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

class StagingError extends Error {}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** 'zod' → 'zod', 'zod/mini' → 'zod', '@scope/name/sub' → '@scope/name'. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const isBare = (specifier) => !specifier.startsWith('.') && !specifier.startsWith('/') && !isBuiltin(specifier);

/** Specifiers of an ES module as esbuild writes it: imports, re-exports, import(), new URL(…, import.meta.url). */
function esmSpecifiers(source) {
  const patterns = [
    /\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\bnew URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
}

/**
 * web-server/dist's files that the production command loads: its bin entry and what that
 * reaches (chunks, the render thread's file). dist/ is never emptied by the build, so it can
 * hold chunks of earlier builds; they are left out, and so is index.js (the library entry the
 * dev stack imports, which the command never loads).
 */
function webServerFiles(distDir, entry) {
  const files = new Set();
  const bare = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    if (!fs.existsSync(file))
      throw new StagingError(`${path.relative(repoRoot, file)} is missing (node web-server/build.mjs)`);
    files.add(file);
    for (const specifier of esmSpecifiers(fs.readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('./') || specifier.startsWith('../')) visit(path.resolve(path.dirname(file), specifier));
      else if (isBare(specifier)) bare.add(packageName(specifier));
    }
  };
  visit(path.join(distDir, entry));
  for (const file of [...files]) {
    if (!file.startsWith(distDir + path.sep)) throw new StagingError(`${file} is outside web-server/dist`);
    if (fs.existsSync(`${file}.map`)) files.add(`${file}.map`);
  }
  return { files: [...files], imports: [...bare] };
}

/** Packages the shell's server build require()s at run time (webpack externals such as jsdom). */
function shellServerExternals(serverDir) {
  const names = new Set();
  for (const name of fs.readdirSync(serverDir)) {
    if (!name.endsWith('.js')) continue;
    const source = fs.readFileSync(path.join(serverDir, name), 'utf8');
    for (const match of source.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) {
      if (isBare(match[1])) names.add(packageName(match[1]));
    }
  }
  return [...names];
}

/**
 * Where Node finds package `name` for a module in `fromDir`: the nearest node_modules/<name> up
 * to the repository root. A workspace link is refused: the builds bundle the workspaces' code,
 * so a run-time dependency on one would be a build mistake, and the link would dangle in the image.
 */
function resolvePackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) {
      if (fs.lstatSync(candidate).isSymbolicLink()) {
        throw new StagingError(`${name} (needed from ${path.relative(repoRoot, fromDir)}) is a workspace link`);
      }
      return candidate;
    }
    if (dir === repoRoot) return null;
  }
}

/** The installed packages `roots` need, transitively: repository-relative directory → name@version. */
function dependencyClosure(roots) {
  const found = new Map();
  const visit = (name, fromDir, neededBy, optional) => {
    const dir = resolvePackage(name, fromDir);
    if (!dir) {
      if (optional) return;
      throw new StagingError(`${name}, needed by ${neededBy}, is not installed (npm install)`);
    }
    const relative = path.relative(repoRoot, dir);
    if (found.has(relative)) return;
    const manifest = readJson(path.join(dir, 'package.json'));
    found.set(relative, `${manifest.name}@${manifest.version}`);
    const peersMeta = manifest.peerDependenciesMeta ?? {};
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, dir, relative, false);
    // Optional dependencies and optional peers (jsdom's canvas) load only where installed.
    for (const dependency of Object.keys(manifest.optionalDependencies ?? {})) visit(dependency, dir, relative, true);
    for (const dependency of Object.keys(manifest.peerDependencies ?? {})) {
      visit(dependency, dir, relative, peersMeta[dependency]?.optional === true);
    }
  };
  for (const { name, fromDir, neededBy } of roots) visit(name, fromDir, neededBy, false);
  return found;
}

/** A package's own files; its node_modules/ holds other packages, each copied only if needed. */
function copyPackage(from, to) {
  const nested = path.join(from, 'node_modules');
  fs.cpSync(from, to, { recursive: true, filter: (source) => source !== nested });
}

export function stageWebServer(out) {
  const webServerDir = path.join(repoRoot, 'web-server');
  const shellDist = path.join(repoRoot, 'shell', 'dist');
  const webServerManifest = readJson(path.join(webServerDir, 'package.json'));
  const entry = path.relative('dist', webServerManifest.bin?.['web-server'] ?? 'dist/main.js');
  for (const file of [path.join(shellDist, 'index.html'), path.join(shellDist, 'server', 'main.js')]) {
    if (!fs.existsSync(file))
      throw new StagingError(`${path.relative(repoRoot, file)} is missing (node scripts/build.mjs shell)`);
  }
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) throw new StagingError(`${out} is not empty`);

  const { files, imports } = webServerFiles(path.join(webServerDir, 'dist'), entry);
  const declared = Object.keys(webServerManifest.dependencies ?? {});
  const undeclared = imports.filter((name) => !declared.includes(name));
  if (undeclared.length > 0) {
    throw new StagingError(
      `web-server/dist imports ${undeclared.join(', ')}, not in web-server/package.json's dependencies`,
    );
  }
  const unused = declared.filter((name) => !imports.includes(name));
  const externals = shellServerExternals(path.join(shellDist, 'server'));
  const packages = dependencyClosure([
    ...declared.map((name) => ({ name, fromDir: webServerDir, neededBy: 'web-server/package.json' })),
    ...externals.map((name) => ({ name, fromDir: path.join(shellDist, 'server'), neededBy: 'shell/dist/server' })),
  ]);

  fs.mkdirSync(path.join(out, 'web-server', 'dist'), { recursive: true });
  fs.copyFileSync(path.join(webServerDir, 'package.json'), path.join(out, 'web-server', 'package.json'));
  for (const file of files) fs.copyFileSync(file, path.join(out, path.relative(repoRoot, file)));
  fs.cpSync(shellDist, path.join(out, 'shell', 'dist'), { recursive: true });
  for (const relative of packages.keys()) copyPackage(path.join(repoRoot, relative), path.join(out, relative));
  return { webServerFiles: files.map((file) => path.relative(repoRoot, file)), externals, unused, packages };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node deploy/stage-web-server.mjs <out-dir>');
    process.exit(2);
  }
  try {
    const staged = stageWebServer(path.resolve(out));
    console.log(`staged the web server's runtime in ${out}`);
    console.log(`  web-server/dist: ${staged.webServerFiles.map((file) => path.basename(file)).join(', ')}`);
    console.log(`  required by the shell's server build: ${staged.externals.join(', ') || 'nothing'}`);
    if (staged.unused.length > 0) {
      console.log(`  declared by web-server but imported by none of its files: ${staged.unused.join(', ')}`);
    }
    console.log(`  ${staged.packages.size} packages:`);
    for (const [relative, id] of [...staged.packages].sort()) console.log(`    ${id}  ${relative}`);
  } catch (error) {
    console.error(error instanceof StagingError ? `stage-web-server: ${error.message}` : error);
    process.exit(1);
  }
}

// The rule of the Node servers' builds (esbuild: web-server/build.mjs, service-kit/build.mjs): the
// repo's workspaces (TypeScript source, which Node cannot load) are bundled in, npm packages stay
// imports resolved from node_modules at run time, so a deployed server runs the lockfile's versions
// of them. Build time only: no server loads this file.
const fs = require('node:fs');
const { isBuiltin } = require('node:module');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The names of the repo's workspaces (root package.json). */
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

/** The esbuild plugin: every bare specifier but a workspace's is external. */
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

module.exports = { npmPackagesExternal };

// The Module Federation share scope: one list for the shell and every remote, so each library
// is a singleton with the same requiredVersion everywhere (exactly one copy in the browser).
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const versionOf = (name) => require(path.join(root, 'node_modules', name, 'package.json')).version;

/** Libraries whose second copy would break the page (hooks, context, theme, auth state). */
const singletonPackages = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  'react-router-dom': 'react-router-dom',
  'styled-components': 'styled-components',
  '@tanstack/react-query': '@tanstack/react-query',
  'firebase/app': 'firebase',
  'firebase/auth': 'firebase',
  'shared-core': 'shared-core',
  'shared-ui': 'shared-ui',
  'shared-auth': 'shared-auth',
  'shared-articles': 'shared-articles',
  'shared-data': 'shared-data',
};

/** Shared modules served from a local file instead of the package's own entry. */
const localImports = {
  'react-router-dom': path.join(__dirname, 'reactRouterDom.js'),
};

/** Never loaded by a server build (sign-in happens in the browser only). */
const browserOnly = new Set(['firebase/app', 'firebase/auth']);

/** @param {{ server?: boolean }} [options]  a server build shares what rendering needs, not Firebase */
function sharedConfig({ server = false } = {}) {
  return Object.fromEntries(
    Object.entries(singletonPackages)
      .filter(([request]) => !(server && browserOnly.has(request)))
      .map(([request, pkg]) => [
        request,
        {
          singleton: true,
          requiredVersion: `^${versionOf(pkg)}`,
          version: versionOf(pkg),
          ...(localImports[request] ? { import: localImports[request] } : {}),
        },
      ]),
  );
}

module.exports = { sharedConfig, singletonPackages, versionOf, root };

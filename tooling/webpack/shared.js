// The Module Federation share scope: one list for the shell and every remote (docs/releasing.md,
// the sharing rule). Each entry carries the version of the package the app is built
// against and requires `^` that version.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const versionOf = (name) => require(path.join(root, 'node_modules', name, 'package.json')).version;

/**
 * What holds one instance of state or context: a second copy would break the page (hooks,
 * context, theme, auth, the runtime config). One copy in the browser, the shell's.
 */
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
  'shared-context': 'shared-context',
  'shared-auth': 'shared-auth',
  'shared-data': 'shared-data',
};

/**
 * Helper code without state of its own (components, article helpers): shared per version, not as
 * a singleton. A remote built against a newer version than the shell's gets its own copy; one
 * built against the same or an older compatible one gets the shell's.
 */
const versionedPackages = {
  'shared-ui': 'shared-ui',
  'shared-articles': 'shared-articles',
};

/** Shared modules served from a local file instead of the package's own entry (library-overrides). */
const localImports = {
  'react-router-dom': require.resolve('library-overrides/react-router/reactRouterDom.js'),
};

/**
 * The same, in browser builds only: styled-components there first takes over the server-rendered
 * page's style element (adoptServerStyles.js); the server has no page to take over.
 */
const browserLocalImports = {
  'styled-components': require.resolve('library-overrides/styled-components/styledComponents.js'),
};

/** Never loaded by a server build (sign-in happens in the browser only). */
const browserOnly = new Set(['firebase/app', 'firebase/auth']);

const entry = (request, pkg, singleton, server) => {
  const local = localImports[request] ?? (server ? undefined : browserLocalImports[request]);
  return [
    request,
    {
      singleton,
      requiredVersion: `^${versionOf(pkg)}`,
      version: versionOf(pkg),
      ...(local ? { import: local } : {}),
    },
  ];
};

/** @param {{ server?: boolean }} [options]  a server build shares what rendering needs, not Firebase */
function sharedConfig({ server = false } = {}) {
  return Object.fromEntries(
    [
      ...Object.entries(singletonPackages).map(([request, pkg]) => entry(request, pkg, true, server)),
      ...Object.entries(versionedPackages).map(([request, pkg]) => entry(request, pkg, false, server)),
    ].filter(([request]) => !(server && browserOnly.has(request))),
  );
}

/**
 * webpack's persistent cache, only when MF_BUILD_CACHE names its folder (the browser suite's builds
 * of public-site, e2e/support/build.ts); every other build is made cold. The build version is not
 * part of the key: what depends on it (the manifest, the runtime's instance id, the server's
 * __BUILD_VERSION__) webpack recomputes, and a test compares a warm build with a cold one. The
 * app's webpack.config.js is part of the cache's version: webpack cannot follow it as a build
 * dependency (an app's config requires tsx, for the articles snapshot), and an edited app config
 * must not build from modules cached under the old one.
 * @param {string} name  one cache per compiler (browser and server builds of one app)
 * @param {string} appDir  the app's folder (its webpack.config.js)
 */
function persistentCache(name, appDir) {
  const cacheDirectory = process.env.MF_BUILD_CACHE;
  if (!cacheDirectory) return false;
  const appConfig = fs.readFileSync(path.join(appDir, 'webpack.config.js'));
  return {
    type: 'filesystem',
    cacheDirectory,
    name,
    version: crypto.createHash('sha256').update(appConfig).digest('hex').slice(0, 16),
    // The factory's own files (and all they require).
    buildDependencies: {
      config: [path.join(__dirname, 'createConfig.js'), path.join(__dirname, 'createServerConfig.js')],
    },
  };
}

module.exports = { persistentCache, sharedConfig, singletonPackages, versionedPackages, versionOf, root };

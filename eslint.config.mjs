// One ESLint configuration for every workspace (flat config).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import workspaces from 'eslint-rules';
import globals from 'globals';

const remotes = ['public-site', 'business-portal', 'admin-console'];
const apps = `{shell,${remotes.join(',')}}`;
/** Packages that also run in Node (the API, the build scripts): no React, no UI, no browser auth. */
const reactFree = ['shared-articles', 'shared-core', 'shared-releases', 'shared-deployables'];
const reactOnly = ['react', 'react-dom', 'styled-components', 'shared-context', 'shared-ui', 'shared-auth'];

/**
 * Import boundaries (docs/architecture.md). Each file is classified by where it lives;
 * an import between two elements is an error unless a policy below allows it. Imports within one
 * element (e.g. a feature's own folder) are not checked.
 */
const boundaryElements = [
  { type: 'feature', pattern: `${apps}/src/features/*`, partialMatch: false, capture: ['app', 'feature'] },
  { type: 'app', pattern: `${apps}/src`, partialMatch: false, capture: ['app'] },
  { type: 'app-tooling', pattern: apps, partialMatch: false, capture: ['app'] },
  { type: 'shared', pattern: 'shared-*', partialMatch: false, capture: ['package'] },
  { type: 'api', pattern: 'article-api', partialMatch: false },
  { type: 'release-service', pattern: 'release-service', partialMatch: false },
  { type: 'service-kit', pattern: 'service-kit', partialMatch: false },
  { type: 'web-server', pattern: 'web-server', partialMatch: false },
  { type: 'e2e', pattern: 'e2e', partialMatch: false },
  { type: 'tooling', pattern: 'tooling/*', partialMatch: false, capture: ['package'] },
  { type: 'repo-tests', pattern: 'scripts/test', partialMatch: false },
  { type: 'scripts', pattern: 'scripts', partialMatch: false },
  { type: 'test-setup', pattern: 'jest', partialMatch: false },
];
const sameApp = { captured: { app: '{{ from.captured.app }}' } };
/**
 * The shared packages in layers, lowest first (README "Architecture"): a package may import only
 * the packages before it here, so an import that runs up a layer fails the lint.
 */
const sharedLayers = [
  'shared-deployables',
  'shared-core',
  'shared-releases',
  'shared-articles',
  'shared-context',
  'shared-ui',
  'shared-auth',
  'shared-data',
];
const shared = { element: { type: 'shared' } };
/** `shared-*` elements capture the part after `shared-`. */
const sharedPackages = (names) => {
  const captured = names.map((name) => name.replace(/^shared-/, ''));
  // A brace of one name is no alternative to micromatch: it would match "{core}" itself.
  return captured.length === 1 ? captured[0] : `{${captured.join(',')}}`;
};
const reactFreeShared = { element: { type: 'shared', captured: { package: sharedPackages(reactFree) } } };
const boundaryPolicies = [
  {
    from: { element: { type: 'app' } },
    allow: { to: [{ element: { type: '{app,feature}', ...sameApp } }, shared] },
  },
  {
    from: { element: { type: 'feature' } },
    allow: { to: [{ element: { type: 'app', ...sameApp } }, shared] },
  },
  {
    from: { element: { type: 'app-tooling' } },
    allow: {
      to: [{ element: { type: '{app,feature,app-tooling}', ...sameApp } }, shared, { element: { type: 'tooling' } }],
    },
  },
  // The shared packages' layers: each imports only the layers below it.
  ...sharedLayers.slice(1).map((name, index) => ({
    from: { element: { type: 'shared', captured: { package: sharedPackages([name]) } } },
    allow: {
      to: { element: { type: 'shared', captured: { package: sharedPackages(sharedLayers.slice(0, index + 1)) } } },
    },
  })),
  {
    from: reactFreeShared,
    disallow: {
      to: { element: { type: 'shared', captured: { package: sharedPackages(['shared-ui', 'shared-auth']) } } },
    },
    message: `${reactFree.join(' and ')} stay React-free: no shared-ui or shared-auth`,
  },
  // The services: the React-free packages (the release service reads the remotes it releases from
  // shared-deployables) and the plumbing they share (service-kit). Neither imports the other.
  { from: { element: { type: 'service-kit' } }, allow: { to: [reactFreeShared] } },
  { from: { element: { type: 'api' } }, allow: { to: [reactFreeShared, { element: { type: 'service-kit' } }] } },
  {
    from: { element: { type: 'release-service' } },
    allow: { to: [reactFreeShared, { element: { type: 'service-kit' } }] },
  },
  // The production web server: the shell renderer's contract (`shell/server-contract`: types and
  // one constant), the route paths and the list of deployables; nothing of the UI.
  {
    from: { element: { type: 'web-server' } },
    allow: { to: [reactFreeShared, { element: { type: 'app', captured: { app: 'shell' } } }] },
  },
  // The end-to-end tests start the product with the local stack (tooling/stack) and the web server.
  {
    from: { element: { type: 'e2e' } },
    allow: { to: [{ element: { type: '{tooling,web-server}' } }, shared] },
  },
  // The orchestration scripts run the API (the benchmark starts it on a throw-away PostgreSQL with the
  // API tests' own server helper) and are the thin entry points of the tooling packages (npm run
  // release → tooling/release); nothing in the API imports them back.
  {
    from: { element: { type: 'scripts' } },
    allow: { to: [shared, { element: { type: '{api,release-service,service-kit,web-server,tooling}' } }] },
  },
  // The tooling packages (the webpack factory, the library overrides, the benchmark, the release
  // tooling, the local stack, the lint rules) use each other and shared-*; the benchmark starts
  // the API as the scripts do; the release tooling uploads to a bucket with the web server's own
  // content types and caching rules. Never e2e, and never the scripts (entry points only).
  {
    from: { element: { type: 'tooling' } },
    allow: { to: [shared, { element: { type: '{tooling,api,release-service,service-kit,web-server}' } }] },
  },
  { from: { element: { type: 'test-setup' } }, allow: { to: shared } },
  // Repo-wide checks (e.g. that the shell and the API agree with the list of deployables).
  { from: { element: { type: 'repo-tests' } }, allow: { to: { element: { type: '*' } } } },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      // `npm run dev`'s server builds (gitignored, like dist).
      '**/.dev-dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'tooling/bench/results/**',
      '.data/**',
      // Git-ignored outputs ESLint does not learn of from .gitignore: the local release store
      // (`npm run release` copies built, minified bundles into it: thousands of errors), the
      // Firebase Hosting staging folder and its cache.
      '.releases/**',
      '.hosting/**',
      '.firebase/**',
      // Bad imports on purpose: scripts/test/boundaries.test.ts lints them as if they lived in the apps.
      'scripts/test/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // No React in the services: their tests' use…() helpers register Jest hooks, not React ones.
    files: ['{article-api,release-service,service-kit}/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    // Plain JavaScript here is Node: the build, start and test scripts and the webpack configs.
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // …except the shell's static browser scripts, served as they are.
    files: ['shell/public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': boundaryElements,
      'boundaries/root-path': import.meta.dirname,
      'boundaries/legacy-templates': false,
      'import/resolver': { typescript: { project: `${import.meta.dirname}/tsconfig.json` } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: boundaryPolicies }],
    },
  },
  {
    // A workspace imports another by its package name (declared in its package.json), never by path.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { workspaces },
    rules: { 'workspaces/no-relative-import-out-of-workspace': ['error', { root: import.meta.dirname }] },
  },
  {
    // What runs per request on Node 20: the shell's server and the services. (The server
    // builds get the same treatment from tooling/overrides/spread-first/spreadFirstLoader.js,
    // which says why.)
    files: ['web-server/src/**/*.ts', '{article-api,release-service,service-kit}/src/**/*.ts'],
    // Test support (service-kit/src/testing) runs in tests only.
    ignores: ['**/*.test.ts', 'service-kit/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ObjectExpression[properties.0.type='SpreadElement'][properties.length>1]",
          message:
            'On Node 20, `{ ...a, b }` gives every object a hidden class of its own (tooling/overrides/spread-first/spreadFirstLoader.js): put a property first, or write Object.assign({}, a, { b }).',
        },
      ],
    },
  },
  {
    files: [`{${reactFree.join(',')},article-api,release-service,service-kit}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: reactOnly.map((name) => ({ name, message: 'this package stays React-free (it also runs in Node)' })),
          patterns: [{ group: reactOnly.map((name) => `${name}/*`), message: 'this package stays React-free' }],
        },
      ],
    },
  },
);

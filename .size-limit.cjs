// Bundle budgets, checked by `npm test` after the production builds (gzip sizes).
// A visitor on a public page downloads the shell's initial JS plus public-site's entry and code;
// Firebase, business-portal and admin-console are never part of that.
const shellInitial = [
  'main.js',
  'src_bootstrap_tsx.*.js',
  'vendors-node_modules_react-dom_client_js.*.js',
  'node_modules_react_index_js.*.js',
  'node_modules_react_jsx-runtime_js.*.js',
  'node_modules_react-dom_index_js-*.js',
  'vendors-node_modules_react-router_*.js',
  'vendors-node_modules_styled-components_*.js',
  'shared-core_src_index_ts.*.js',
  'vendors-node_modules_zod_*.js',
  'shared-ui_src_index_ts.*.js',
  'shared-auth_src_index_ts.*.js',
  'shared-articles_src_index_ts.*.js',
].map((file) => `shell/dist/${file}`);

// shared-data is a singleton the shell never loads: the first remote that needs it brings its own.
const remoteCode = (remote) => [
  `${remote}/dist/remoteEntry.js`,
  `${remote}/dist/__federation_expose_*.js`,
  `${remote}/dist/src_*.js`,
  `${remote}/dist/shared-data_*.js`,
];

module.exports = [
  { name: 'shell: JS every page loads before any remote', path: shellInitial, limit: '160 KB', gzip: true },
  {
    name: 'shell: Firebase Auth (only around sign-in)',
    path: ['shell/dist/*firebase*.js'],
    limit: '50 KB',
    gzip: true,
  },
  {
    name: 'public-site: entry, app code and TanStack Query',
    path: [...remoteCode('public-site'), 'public-site/dist/vendors-node_modules_tanstack_*.js'],
    limit: '82 KB',
    gzip: true,
  },
  { name: 'business-portal: entry and app code', path: remoteCode('business-portal'), limit: '42 KB', gzip: true },
  {
    name: 'admin-console: entry, app code, dialog and form libraries',
    path: [
      ...remoteCode('admin-console'),
      'admin-console/dist/vendors-node_modules_radix-ui_*.js',
      // zod for the article form (shared-articles/schema); the shell's copy serves only zod/mini.
      'admin-console/dist/vendors-node_modules_zod_*.js',
    ],
    limit: '97 KB',
    gzip: true,
  },
];

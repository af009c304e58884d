// Bundle budgets, checked by `npm test` after the production builds (gzip sizes).
// A visitor on a public page downloads the shell's initial JS plus public-site's entry and code;
// Firebase, business-portal and admin-console are never part of that.
const fs = require('node:fs');
const path = require('node:path');
const { host, remotes } = require('shared-deployables');

const dist = (app, file) => `${app.workspace}/dist/${file}`;

/**
 * The copy pages load of a shared module served from a local wrapper (tooling/overrides): the
 * provided chunk holds only the wrapper, its library being in a vendors chunk counted with the
 * rest, while the consume fallback (never loaded: the shell provides the module) bundles the
 * library as well. Both have the same name before the hash; the provided one is the smaller.
 */
const providedWrapper = (app, prefix) => {
  const folder = path.join(__dirname, app.workspace, 'dist');
  const copies = fs.existsSync(folder)
    ? fs.readdirSync(folder).filter((f) => f.startsWith(prefix) && f.endsWith('.js'))
    : [];
  const smallest = copies.sort(
    (a, b) => fs.statSync(path.join(folder, a)).size - fs.statSync(path.join(folder, b)).size,
  )[0];
  return dist(app, smallest ?? `${prefix}*.js`);
};

const hostInitial = [
  'main.js',
  'src_bootstrap_tsx.*.js',
  'vendors-node_modules_react-dom_client_js.*.js',
  'node_modules_react_index_js.*.js',
  'node_modules_react_jsx-runtime_js.*.js',
  // A shared module the shell provides is emitted twice: the provided copy (name ending in 0),
  // which pages load, and the consume fallback (ending in 1), which they never do (checked in
  // Chromium's network log). Counting both counted ~3.7 KB that nobody downloads.
  'node_modules_react-dom_index_js-_*0.*.js',
  'vendors-node_modules_react-router_*.js',
  'vendors-node_modules_styled-components_*.js',
  'shared-core_src_index_ts.*.js',
  'shared-context_src_index_ts-_*0.*.js',
  'shared-ui_src_index_ts.*.js',
  'shared-auth_src_index_ts.*.js',
  'shared-articles_src_index_ts.*.js',
]
  .map((file) => dist(host, file))
  .concat(
    [
      'tooling_overrides_react-router_reactRouterDom_js.',
      'tooling_overrides_styled-components_styledComponents_js.',
    ].map((p) => providedWrapper(host, p)),
  );

/**
 * Each remote's budget: what it loads besides its entry and app code, and the limit. shared-data
 * is a singleton the shell never loads: the first remote that needs it brings its own.
 */
const remoteBudgets = {
  'public-site': {
    what: 'entry, app code and TanStack Query',
    vendors: ['vendors-node_modules_tanstack_*.js'],
    // 79 → 70.5 KB: the federation runtime's core is the shell's (70.08 KB). → 77 KB: the content
    // components of shared-ui/page (list filter, search box, SafeHtml, social meta) are its own now,
    // not in the shell's shared-ui chunk every visitor loads (the shell −10.4 KB), and webpack puts
    // them in each page chunk that uses them (under its 20 KB split), so this sum counts the filter
    // twice (/articles, /contents) and SafeHtml twice (an article, a content page): 76.7 KB. A page
    // downloads one copy, and only what it shows.
    limit: '77 KB',
  },
  // 42 → 23.5 KB: the federation runtime's core is the shell's (22.99 KB). → 26 KB: its own copy of
  // shared-ui/page's content components (25.61 KB), as public-site above.
  'business-portal': { what: 'entry and app code', vendors: [], limit: '26 KB' },
  'admin-console': {
    what: 'entry, app code, dialog and form libraries',
    // zod for the article form (shared-articles/schema) and the article contract's zod/mini.
    vendors: ['vendors-node_modules_radix-ui_*.js', 'vendors-node_modules_zod_*.js'],
    // 97 → 98 KB with the canary's steps (plan, 一時停止 / 再開, 97.07 KB); → 99.5 KB with カナリアを開始
    // (98.45 KB) and the canary chart's place in the page (99.13 KB: its lazy import, disclosure and
    // sentences; uPlot and the chart are the lazy chunk below); → 100 KB with each vital's p75 in the
    // canary's decision and chart (99.47 KB). Admins only, never on a public page. → 89 KB: the
    // federation runtime's core is the shell's (88.43 KB). → 89.5 KB: its own SafeHtml and
    // VisuallyHidden (shared-ui/page, 89.26 KB).
    limit: '89.5 KB',
  },
};

const remoteBudget = (remote) => {
  const budget = remoteBudgets[remote.workspace];
  if (!budget) throw new Error(`.size-limit.cjs: the remote ${remote.workspace} has no budget yet`);
  const code = ['remoteEntry.js', '__federation_expose_*.js', 'src_*.js', 'shared-data_*.js', ...budget.vendors];
  return {
    name: `${remote.workspace}: ${budget.what}`,
    path: code.map((file) => dist(remote, file)),
    limit: budget.limit,
    gzip: true,
  };
};

module.exports = [
  {
    name: `${host.workspace}: JS every page loads before any remote`,
    path: hostInitial,
    // 160 → 160.5 KB: the shell hands its federation runtime to the remotes (160.11 KB), which
    // no longer bring one each (≈ 11 KB gzip less per remote entry). → 150 KB: no zod (the runtime
    // config is checked by hand, the article contract is a chunk loaded on demand) and shared-ui's
    // content components on shared-ui/page (149.69 KB).
    limit: '150 KB',
    gzip: true,
  },
  {
    name: `${host.workspace}: Firebase Auth (only around sign-in)`,
    path: [dist(host, '*firebase*.js')],
    limit: '50 KB',
    gzip: true,
  },
  ...remotes.map(remoteBudget),
  {
    // The リリース page's canary chart, a lazy chunk fetched only when a chart is shown: not in
    // admin-console's budget above (its name does not start with src_), never on a public page.
    name: 'admin-console: the canary chart (lazy chunk canary-chart: uPlot and the chart)',
    path: ['canary-chart.*.js', 'vendors-node_modules_uplot_*.js'].map((file) => `admin-console/dist/${file}`),
    limit: '27 KB',
    gzip: true,
  },
  {
    // What public-site adds on `/` (the home page): its other pages are chunks of their own, and
    // this keeps them off the home page, with TanStack Query and shared-data, which the served home
    // page does without (src_features_home_components_LatestFromQuery is the fetching fallback).
    // Checked in Chromium's network log (docs/performance.md).
    name: 'public-site: what the home page / loads (entry, routes, home page, shared-articles)',
    path: [
      'remoteEntry.js',
      '__federation_expose_*.js',
      'src_features_home_components_HomePage_*.js',
      'shared-articles_src_index_ts.*.js',
    ].map((file) => `public-site/dist/${file}`),
    // 47.5 → 21.5 KB: no TanStack Query nor shared-data, the shell's federation runtime (21.14 KB);
    // shared-articles without its contract, loaded on demand (20.97 KB).
    limit: '21.5 KB',
    gzip: true,
  },
];

// One production build of the app in the working folder through webpack's Node API, its errors on
// stderr and exit code 1 when it fails: `npm run build` (local-stack/build.mjs), the release
// command's builds (release-tooling's buildRemote.ts) and the browser tests' (e2e/support/build.ts).
// Not the CLI: the CLI adds the app's config file to the persistent cache's build dependencies, and
// public-site's requires tsx, whose resolution webpack cannot follow ("Caching failed for pack"),
// so nothing would be cached when MF_BUILD_CACHE asks for it (shared.js, persistentCache).
const path = require('node:path');
const webpack = require('webpack');

const config = require(path.resolve('webpack.config.js'));
const options = typeof config === 'function' ? config({}, { mode: 'production' }) : config;
const compiler = webpack(options);
compiler.run((error, stats) => {
  const failed = error ?? (stats.hasErrors() ? stats.toString({ all: false, errors: true }) : null);
  compiler.close((closeError) => {
    if (failed || closeError) {
      process.stderr.write(`${failed ?? closeError}\n`);
      process.exitCode = 1;
    }
  });
});

// Emits dist/articles-snapshot.json: the seed articles as they were when this build was made.
// The public pages fetch it only when the article service is unreachable, so visitors can still
// read articles; it is never bundled into JavaScript.
const path = require('node:path');
const { require: tsxRequire } = require('tsx/cjs/api');

const SNAPSHOT_FILE = 'articles-snapshot.json';

class ArticlesSnapshotPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(ArticlesSnapshotPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: ArticlesSnapshotPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          // The seed is TypeScript; tsx loads it without a separate compile step.
          const { seedArticles } = tsxRequire(
            'shared-articles/seed',
            path.join(__dirname, 'ArticlesSnapshotPlugin.js'),
          );
          compilation.emitAsset(SNAPSHOT_FILE, new sources.RawSource(JSON.stringify(seedArticles)));
        },
      );
    });
  }
}

module.exports = { ArticlesSnapshotPlugin, SNAPSHOT_FILE };

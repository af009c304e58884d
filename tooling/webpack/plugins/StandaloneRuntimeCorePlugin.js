// A remote's remoteEntry.js and main.js are built without a federation runtime of their own: the
// shell provides it (runtime/provideRuntimeCore.js, `experiments.externalRuntime`). The remote's
// standalone harness (its own index.html, no shell) has no shell, so this plugin emits the
// runtime for it, bundled by esbuild into one script that sets the same global, and loads it in
// the harness's HTML before main.js. Pages under the shell never request it.
const esbuild = require('esbuild');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { Compilation, sources } = require('webpack');
const { runtimeCoreDir } = require('library-overrides/federation-runtime/paths');

const FILE = 'federation-runtime-core.js';

class StandaloneRuntimeCorePlugin {
  /** @param {{ production: boolean }} options */
  constructor({ production }) {
    this.production = production;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(StandaloneRuntimeCorePlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: StandaloneRuntimeCorePlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const { outputFiles } = esbuild.buildSync({
            stdin: {
              contents: `import * as core from ${JSON.stringify(runtimeCoreDir())};\nself._FEDERATION_RUNTIME_CORE ??= core;`,
              resolveDir: __dirname,
            },
            bundle: true,
            format: 'iife',
            platform: 'browser',
            target: 'es2020',
            minify: this.production,
            write: false,
          });
          compilation.emitAsset(FILE, new sources.RawSource(outputFiles[0].text));
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(StandaloneRuntimeCorePlugin.name, (data) => {
        const tag = HtmlWebpackPlugin.createHtmlTagObject('script', { defer: true, src: FILE });
        data.headTags.unshift(tag);
        return data;
      });
    });
  }
}

module.exports = { StandaloneRuntimeCorePlugin, STANDALONE_RUNTIME_CORE: FILE };

// V8's explicit compile hints (Chrome 136+, https://v8.dev/blog/explicit-compile-hints): a script
// that begins with `//# allFunctionsCalledOnLoad` has all its functions compiled eagerly, on a
// background thread while the script streams in. Without it V8 pre-parses each function and
// compiles it on the main thread the first time it is called: on a public page that was a fifth
// to a third of the main thread's script time after the first paint (module factories, the
// federation runtime, React's hydration code), in tasks the page's TBT counts. Browsers without
// the feature read an ordinary comment.
//
// Added after minification (Terser drops comments) and before source maps and the precompressed
// copies are made, so both describe the file as served.
const { Compilation, sources } = require('webpack');

const HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  /**
   * @param {{ exclude?: RegExp }} [options]  chunks to leave lazy: code loaded for one action and
   *        only partly run then (eager compilation would compile what never runs)
   */
  constructor({ exclude } = {}) {
    this.exclude = exclude;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(CompileHintsPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: CompileHintsPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        (assets) => {
          for (const file of Object.keys(assets)) {
            if (!file.endsWith('.js') || this.exclude?.test(file)) continue;
            compilation.updateAsset(file, (source) => new sources.ConcatSource(HINT, source));
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT: HINT.trim() };

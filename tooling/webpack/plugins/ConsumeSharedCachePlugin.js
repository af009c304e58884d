// Makes a build from webpack's persistent cache give the same files as a cold one. The federation
// plugin's ConsumeSharedPlugin copies each consume-shared module's fallback `buildMeta` and
// `buildInfo` onto it in `finishModules` (stage 10), after webpack's export analysis (stage 0)
// has already taken the module's exports as unknown (an empty `buildMeta` there). The persistent
// cache stores the module with the copy, and a warm build restores it without building it again:
// the export analysis then sees a module with known, empty exports, and a re-export of a shared
// package (shared-ui's `export *` of shared-context) loses every name — a different, broken
// chunk (docs/testing.md, "Builds from webpack's cache"). This puts the restored module back as
// its build leaves it, before the analysis; the federation plugin copies the fallback's again.
const CONSUME_SHARED = 'consume-shared-module';

class ConsumeSharedCachePlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap(ConsumeSharedCachePlugin.name, (compilation) => {
      compilation.hooks.finishModules.tap({ name: ConsumeSharedCachePlugin.name, stage: -100 }, (modules) => {
        for (const module of modules) {
          if (module.type !== CONSUME_SHARED || Object.keys(module.buildMeta ?? {}).length === 0) continue;
          module.buildMeta = {};
          module.buildInfo = {};
        }
      });
    });
  }
}

module.exports = { ConsumeSharedCachePlugin, CONSUME_SHARED };

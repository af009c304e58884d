/**
 * Jest's runtime, keeping V8's code cache of each module it compiles for the rest of the worker's
 * life.
 *
 * Jest runs every test file in a fresh vm context and compiles each module the file loads anew with
 * `vm.compileFunction`, which, unlike `vm.Script`, never hits V8's own compilation cache
 * (nodejs/node#35375). A worker loads the same modules for file after file (zod, Fastify, React,
 * the services' own code), so parsing them again and again was about an eighth of the CPU of the
 * services' test files (docs/testing.md, "V8's code cache in Jest's workers"). Here the first
 * compile of a module in a worker produces V8's code cache, and every later compile of the same
 * source consumes it: the same function, without the parse. The cache is kept by file name and
 * checked against a hash of the source, since one file may be transformed differently by two
 * projects (and V8 itself only checks the source's length).
 *
 * Everything else is Jest's: a core module, a compile that throws (Jest names syntax errors its own
 * way), a context already torn down, a run that collects coverage all go to Jest's own `compile`.
 */
const { createHash } = require('node:crypto');
const vm = require('node:vm');
const { default: Runtime } = require('jest-runtime');

/** @type {Map<string, { hash: string; data: Buffer }>} file name → its source's hash and code cache */
const codeCache = new Map();

/**
 * `vm.compileFunction`, with the code cache of an earlier compile of the same file and source.
 * @param {string} source
 * @param {string[]} params
 * @param {vm.CompileFunctionOptions & { filename: string }} options
 */
function compileWithCodeCache(source, params, options) {
  const hash = createHash('sha1').update(source).digest('base64');
  const cached = codeCache.get(options.filename);
  const cachedData = cached?.hash === hash ? cached.data : undefined;
  const compiled = vm.compileFunction(source, params, { ...options, cachedData, produceCachedData: !cachedData });
  if (cachedData && compiled.cachedDataRejected) codeCache.delete(options.filename);
  if (!cachedData && compiled.cachedDataProduced && compiled.cachedData)
    codeCache.set(options.filename, { hash, data: compiled.cachedData });
  return compiled;
}

/** `import()` from a CommonJS module needs vm modules (`node --experimental-vm-modules`), as in Jest. */
const VM_MODULES = typeof vm.SyntheticModule === 'function';

class CodeCacheRuntime extends Runtime {
  constructor(config, environment, resolver, transformer, cacheFS, coverageOptions, ...rest) {
    super(config, environment, resolver, transformer, cacheFS, coverageOptions, ...rest);
    // Coverage (`--coverage`) is measured on code as Jest compiles it, unchanged.
    if (coverageOptions?.collectCoverage) return;
    // Jest 30 compiles in its module executor (jest-runtime's ModuleExecutor#compile).
    const executor = this.executor;
    if (typeof executor?.compile !== 'function')
      throw new Error('jest-runtime no longer compiles in this.executor.compile: update jest/codeCacheRuntime.cjs');
    const jestCompile = executor.compile.bind(executor);
    executor.compile = (source, filename) => {
      const context = executor.environment.getVmContext();
      if (context == null || executor.resolution.isCoreModule(filename)) return jestCompile(source, filename);
      try {
        return compileWithCodeCache(source, executor.injectedModuleParameters, {
          filename,
          parsingContext: context,
          importModuleDynamically: async (specifier, _function, attributes, phase) => {
            if (!VM_MODULES)
              throw new Error('import() in a test needs `node --experimental-vm-modules` (npm test passes it)');
            return executor.dynamicImport(specifier, filename, context, attributes, phase);
          },
        });
      } catch {
        return jestCompile(source, filename);
      }
    };
  }
}

module.exports = CodeCacheRuntime;
module.exports.compileWithCodeCache = compileWithCodeCache;
module.exports.codeCache = codeCache;

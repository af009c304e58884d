import vm from 'node:vm';
import config from '../../jest.config';

/** jest/codeCacheRuntime.cjs: Jest's runtime with V8's code cache kept per worker. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { compileWithCodeCache, codeCache } = require('../../jest/codeCacheRuntime.cjs') as {
  compileWithCodeCache: (
    source: string,
    params: string[],
    options: vm.CompileFunctionOptions & { filename: string },
  ) => ((...args: unknown[]) => unknown) & { cachedDataRejected?: boolean };
  codeCache: Map<string, { hash: string; data: Buffer }>;
};

const PARAMS = ['module', 'exports'];
/** Runs `source` as a module body in a fresh context whose global `marker` is `marker`. */
function runInFreshContext(filename: string, source: string, marker: string) {
  const context = vm.createContext({ marker });
  const compiled = compileWithCodeCache(source, PARAMS, { filename, parsingContext: context });
  const module = { exports: {} as unknown };
  compiled(module, module.exports);
  return { exports: module.exports, rejected: compiled.cachedDataRejected };
}

describe('Jest’s runtime with a code cache (jest/codeCacheRuntime.cjs)', () => {
  beforeEach(() => codeCache.clear());

  it('compiles a module once, and later compiles of the same source reuse its code cache in their own context', () => {
    const source = 'const double = (n) => n * 2;\nmodule.exports = { value: double(21), marker };';
    const first = runInFreshContext('/repo/a.js', source, 'first');
    expect(first).toEqual({ exports: { value: 42, marker: 'first' }, rejected: undefined });
    expect(codeCache.get('/repo/a.js')?.data.length).toBeGreaterThan(0);

    // V8 answers cachedDataRejected only when it was handed a cache: false means it used it.
    const second = runInFreshContext('/repo/a.js', source, 'second');
    expect(second).toEqual({ exports: { value: 42, marker: 'second' }, rejected: false });
  });

  it('never runs a cache made for another source of the same file (one file, two projects’ transforms)', () => {
    runInFreshContext('/repo/b.js', 'module.exports = "aaaa";', 'x');
    // Same length: V8's own check of a code cache against its source would let it through.
    const other = runInFreshContext('/repo/b.js', 'module.exports = "bbbb";', 'x');
    expect(other).toEqual({ exports: 'bbbb', rejected: undefined });
    expect(runInFreshContext('/repo/b.js', 'module.exports = "bbbb";', 'x')).toEqual({
      exports: 'bbbb',
      rejected: false,
    });
  });

  it('leaves syntax errors to Jest', () => {
    expect(() => runInFreshContext('/repo/c.js', 'module.exports = ;', 'x')).toThrow(/Unexpected token/); // (node:vm's SyntaxError, of another realm than the test's)
    expect(codeCache.has('/repo/c.js')).toBe(false);
  });

  it('is the runtime of every Jest project', () => {
    for (const project of config.projects as Array<{ displayName: string; runtime?: string }>)
      expect({ project: project.displayName, runtime: project.runtime }).toEqual({
        project: project.displayName,
        runtime: '<rootDir>/../jest/codeCacheRuntime.cjs',
      });
  });
});

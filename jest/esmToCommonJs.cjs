// Jest transform for the repo's own ES modules (tooling/stack/*.mjs, and web-server's TypeScript,
// which uses import.meta.url as the ES module it is built into). A TypeScript test (CommonJS)
// can load a `.mjs` file only as CommonJS produced by a transform, and TypeScript keeps `.mjs`
// files as ESM: esbuild converts them and renames a module's own `require` binding;
// `import.meta.url` becomes this file's URL as Node would give it. Where Jest loads the module as
// native ESM (the release tooling's *.test.mjs and what they import, under
// --experimental-vm-modules), it is left as it is.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename, options) {
    if (options.supportsStaticESM) return { code: source };
    const { code, map } = transformSync(source, {
      loader: /\.tsx?$/.test(filename) ? 'ts' : 'js',
      format: 'cjs',
      target: 'node20',
      sourcefile: filename,
      sourcemap: 'external',
      define: { 'import.meta.url': '__importMetaUrl' },
      banner: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;",
    });
    return { code, map };
  },
};

// Jest transform for the repo's own ES modules (scripts/lib/*.mjs). On Node 20 Jest can load a
// `.mjs` file only as CommonJS produced by a transform (native ESM needs --experimental-vm-modules),
// and TypeScript keeps `.mjs` files as ESM. esbuild converts them and renames a module's own
// `require` binding; `import.meta.url` becomes this file's URL as Node would give it.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      loader: 'js',
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

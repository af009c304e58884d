import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { runWebpack } from './support/runWebpack';
import { paced } from 'service-kit/testing/pace';
// The webpack configs are CommonJS, without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CompileHintsPlugin, COMPILE_HINT } = require('../plugins/CompileHintsPlugin');

const fixture = path.join(__dirname, 'fixtures', 'compileHints');

/** Builds the fixture as production builds are made: minified, with source maps. */
function build(outputPath: string) {
  return runWebpack({
    mode: 'production',
    context: fixture,
    entry: { main: './entry.js' },
    devtool: 'source-map',
    output: { path: outputPath, filename: '[name].js', chunkFilename: '[name].[contenthash:10].js' },
    plugins: [new CompileHintsPlugin({ exclude: /firebase/ })],
  });
}

describe('CompileHintsPlugin', () => {
  let out: string;
  const read = (pattern: RegExp) => {
    const file = fs.readdirSync(out).find((name) => pattern.test(name));
    if (!file) throw new Error(`no file matches ${pattern}`);
    return fs.readFileSync(path.join(out, file), 'utf8');
  };

  beforeAll(async () => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
    await build(out);
  }, paced(60_000));
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  it('starts the entry and the start-up chunks with the hint, after minification', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad');
    for (const code of [read(/^main\.js$/), read(/^startup\.[0-9a-f]+\.js$/)]) {
      expect(code.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
      // Minified (Terser would have dropped a comment added before it) and still a source-mapped file.
      expect(code).not.toContain('\n  ');
      expect(code.trimEnd().endsWith('.js.map')).toBe(true);
    }
  });

  it('leaves the excluded chunks lazy', () => {
    expect(read(/^firebase-like\.[0-9a-f]+\.js$/)).not.toContain(COMPILE_HINT);
  });

  it('keeps the source maps true to the served file (one line down)', () => {
    const code = read(/^main\.js$/);
    const smc = new SourceMapConsumer(JSON.parse(read(/^main\.js\.map$/)));
    const lines = code.split('\n');
    const line = lines.findIndex((text) => text.includes('こんにちは'));
    expect(line).toBeGreaterThan(0);
    const column = (lines[line] ?? '').indexOf('こんにちは');
    const original = smc.originalPositionFor({ line: line + 1, column });
    expect(original.source).toMatch(/entry\.js$/);
    expect(original.line).toBe(4);
  });
});

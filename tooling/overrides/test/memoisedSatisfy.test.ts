import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runWebpack } from 'webpack-config/test/support/runWebpack';
import { paced } from 'service-kit/testing/pace';
// The webpack configs are CommonJS, without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { memoisedSatisfy } = require('../federation-runtime/memoisedSatisfy');

const fixture = path.join(__dirname, 'fixtures', 'memoisedSatisfy');

describe('the federation runtime with its version checks memoised', () => {
  let out: string;
  let modules: string[] = [];
  let satisfy: (version: string, range: string) => boolean;

  beforeAll(async () => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'memoised-satisfy-'));
    const { alias, plugin } = memoisedSatisfy();
    const stats = await runWebpack({
      mode: 'production',
      context: fixture,
      entry: './entry.js',
      target: 'node',
      output: { path: out, filename: 'bundle.js', library: { type: 'commonjs2' } },
      resolve: { alias },
      plugins: [plugin],
    });
    modules = (stats.toJson({ modules: true, nestedModules: true }).modules ?? []).flatMap((module) => [
      module.name ?? '',
      ...(module.modules ?? []).map((inner) => inner.name ?? ''),
    ]);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    satisfy = require(path.join(out, 'bundle.js')).satisfy;
  }, paced(60_000));
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  it('bundles the memo in place of the runtime semver module, which it wraps', () => {
    expect(modules.some((name) => /federation-runtime\/federationSatisfy\.js$/.test(name))).toBe(true);
    expect(modules.some((name) => /runtime-core\/dist\/utils\/semver\/index\.js$/.test(name))).toBe(true);
  });

  it('answers as the runtime does, the same again when asked again', () => {
    for (let round = 0; round < 2; round++) {
      expect(satisfy('19.2.0', '^19.1.0')).toBe(true);
      expect(satisfy('18.3.1', '^19.1.0')).toBe(false);
      expect(satisfy('19.1.0', '<=19.2.0')).toBe(true);
      expect(satisfy('', '^1.0.0')).toBe(false);
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { runWebpack } from './support/runWebpack';
import { paced } from 'service-kit/testing/pace';
// The webpack configs are CommonJS, without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ConsumeSharedCachePlugin } = require('../plugins/ConsumeSharedCachePlugin');

// A build from webpack's persistent cache must give the files a cold build gives: the browser
// suite's builds of public-site use the cache (e2e/support/build.ts). The fixture has what broke
// it: a shared module re-exporting a shared singleton (shared-ui's `export *` of shared-context).
const fixture = path.join(__dirname, 'fixtures', 'consumeSharedCache');
const shared = {
  './context.js': { singleton: true, version: '1.0.0', requiredVersion: '^1.0.0' },
  './ui.js': { version: '1.0.0', requiredVersion: '^1.0.0' },
};

function build(outputPath: string, cacheDirectory: string, withPlugin: boolean) {
  return runWebpack({
    mode: 'production',
    context: fixture,
    entry: { main: './entry.js' },
    output: { path: outputPath, filename: '[name].js', chunkFilename: '[name].[contenthash:10].js', clean: true },
    cache: { type: 'filesystem', cacheDirectory, name: 'fixture', buildDependencies: {} },
    plugins: [
      ...(withPlugin ? [new ConsumeSharedCachePlugin()] : []),
      new ModuleFederationPlugin({ name: 'fixture', shared, dts: false, manifest: false }),
    ],
  });
}

/** Every file of a build folder, by name. */
const files = (dir: string) =>
  Object.fromEntries(fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]));

/** A cold build, then the same build from the cache it wrote. */
async function coldThenWarm(withPlugin: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consume-shared-cache-'));
  try {
    const [cache, cold, warm] = ['cache', 'cold', 'warm'].map((name) => path.join(dir, name)) as [
      string,
      string,
      string,
    ];
    await build(cold, cache, withPlugin);
    const warmStats = await build(warm, cache, withPlugin);
    return { cold: files(cold), warm: files(warm), warmStats };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('ConsumeSharedCachePlugin', () => {
  it(
    'gives a warm build from the persistent cache the same files as the cold build',
    async () => {
      const { cold, warm, warmStats } = await coldThenWarm(true);
      // The second build did come from the cache (no module built again).
      expect(warmStats.toJson({ all: false, modules: true, cachedModules: true }).modules?.some((m) => m.cached)).toBe(
        true,
      );
      expect(Object.keys(warm).sort()).toEqual(Object.keys(cold).sort());
      for (const name of Object.keys(cold)) expect(`${name}: ${warm[name]}`).toBe(`${name}: ${cold[name]}`);
    },
    paced(60_000),
  );

  it(
    'is what keeps them equal: without it the warm build differs (the re-exported names are lost)',
    async () => {
      const { cold, warm } = await coldThenWarm(false);
      // ui.js's chunk: the warm build takes the singleton's exports as known and empty.
      const differing = Object.keys(cold).filter((name) => warm[name] !== cold[name]);
      expect(differing.length).toBeGreaterThan(0);
    },
    paced(60_000),
  );
});

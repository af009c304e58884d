import fs from 'node:fs';
import path from 'node:path';

// A remote's remoteEntry.js reads the federation runtime's core from the shell
// (runtime/provideRuntimeCore.js), which provides only the names the remote's runtime imports: a
// name an upgraded runtime starts importing and the shell does not provide would break every
// remote at its first load, after a build that passed. This holds the list to the installed runtime.
// The overrides' lookup, CommonJS without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { packageDir } = require('library-overrides/installed') as {
  packageDir: (name: string, from?: string) => string;
};

const enhancedDir = packageDir('@module-federation/enhanced');
const runtimeDir = packageDir('@module-federation/runtime', enhancedDir);

/** The names an ES module imports from runtime-core, or `*` for a namespace import or re-export. */
function importsOfRuntimeCore(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@module-federation\/runtime-core"/g)) {
    names.push(...(match[1] ?? '').split(',').map((name) => name.trim().split(/\s+as\s+/)[0] ?? ''));
  }
  if (/(import\s*\*\s*as\s+\w+|export\s*\*)\s*from\s*"@module-federation\/runtime-core"/.test(source)) names.push('*');
  return names.filter(Boolean);
}

/** What the remote's runtime bundles of @module-federation/runtime (webpack-bundler-runtime imports these). */
const remoteRuntimeFiles = ['index.js', 'helpers.js', 'utils.js'];

const provided = importsOfRuntimeCore(
  fs.readFileSync(path.join(__dirname, '..', 'runtime', 'provideRuntimeCore.js'), 'utf8').replace(/'/g, '"'),
);

describe("the shell's federation runtime, as the remotes use it", () => {
  it('provides every name the installed runtime imports from its core', () => {
    const needed = new Set(
      remoteRuntimeFiles.flatMap((file) =>
        importsOfRuntimeCore(fs.readFileSync(path.join(runtimeDir, 'dist', file), 'utf8')),
      ),
    );
    expect(needed.size).toBeGreaterThan(5); // the files were read and parsed
    expect([...needed].filter((name) => !provided.includes(name))).toEqual([]);
  });

  it('reads the files webpack-bundler-runtime takes from @module-federation/runtime', () => {
    const bundlerRuntime = packageDir('@module-federation/webpack-bundler-runtime', enhancedDir);
    const sources = fs
      .readdirSync(path.join(bundlerRuntime, 'dist'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(bundlerRuntime, 'dist', file), 'utf8'))
      .join('\n');
    const entries = [...sources.matchAll(/from\s*"(@module-federation\/runtime(?:\/[\w-]+)?)"/g)].map((m) => m[1]);
    // index.js (and its utils.js) and helpers.js: a new entry point would need its imports checked too.
    expect([...new Set(entries)].sort()).toEqual(['@module-federation/runtime', '@module-federation/runtime/helpers']);
    expect(importsOfRuntimeCore(sources)).toEqual([]); // nothing straight from the core
  });
});

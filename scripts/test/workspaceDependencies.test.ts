import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Every workspace declares, in its package.json, the workspaces it imports by name (relative
 * imports between workspaces are an ESLint error: workspaces/no-relative-import-out-of-workspace),
 * so a manifest says what its package needs. Read from the sources as git tracks them.
 */
const repoRoot = path.resolve(__dirname, '..', '..');
interface Manifest {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}
const manifestOf = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as Manifest;

/** Bare specifiers of a module's imports, re-exports, import() and require(). */
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)['"]([^'"./][^'"]*)['"]/gm;

/** "workspace → package" for each workspace name imported by a file of `dir` and not declared by it. */
function undeclaredImports(dir: string, manifest: Manifest, workspaceNames: Set<string>, sources: string[]): string[] {
  const declared = new Set(
    Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies }),
  );
  const found = new Set<string>();
  for (const source of sources) {
    for (const [, specifier] of source.matchAll(SPECIFIER)) {
      const name = specifier!.split('/')[0]!;
      if (workspaceNames.has(name) && name !== manifest.name && !declared.has(name)) found.add(`${dir} → ${name}`);
    }
  }
  return [...found];
}

describe("the workspaces' manifests", () => {
  const dirs = manifestOf('.').workspaces ?? [];
  const workspaceNames = new Set(dirs.map((dir) => manifestOf(dir).name));
  const tracked = execFileSync('git', ['ls-files', '--', ...dirs], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file) && !file.includes('/fixtures/'));

  it('declare every workspace their files import by name', () => {
    const undeclared = dirs.flatMap((dir) =>
      undeclaredImports(
        dir,
        manifestOf(dir),
        workspaceNames,
        tracked
          .filter((file) => file.startsWith(`${dir}/`))
          .map((file) => fs.readFileSync(path.join(repoRoot, file), 'utf8')),
      ),
    );
    expect(undeclared).toEqual([]);
  });

  it('finds an import that its workspace does not declare (and names it once)', () => {
    const sources = [
      "import { paths } from 'shared-core';\nimport type { RenderTheme } from 'shell/server-contract';",
      "const list = require('shared-deployables');\nexport const later = () => import('shell/server-contract');",
    ];
    const manifest = { name: 'web-server', dependencies: { 'shared-core': '1.0.0' } };
    expect(undeclaredImports('web-server', manifest, workspaceNames, sources)).toEqual([
      'web-server → shell',
      'web-server → shared-deployables',
    ]);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Every module a given entry pulls in: local files and bare package imports (type-only imports excluded). */
function importGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(/^(?:import|export) (?!type )[^;]*? from '([^']+)'/gm)) {
      if (specifier!.startsWith('.')) visit(`${path.resolve(path.dirname(file), specifier!)}.ts`);
      else packages.add(specifier!);
    }
  };
  visit(path.join(__dirname, entry));
  return { files: [...files].map((file) => path.relative(__dirname, file)), packages: [...packages] };
}

describe('entry points stay small for the browser', () => {
  it('the main entry imports no package, no seed content and no schema: zod/mini comes with the contract, on demand', () => {
    const { files, packages } = importGraph('index.ts');
    expect(packages).toEqual([]);
    const heavy = ['schema.ts', 'contract.ts', 'zod.ts'];
    expect(files.filter((file) => file.startsWith('seed') || heavy.includes(file))).toEqual([]);
    expect(readFileSync(path.join(__dirname, 'lazyContract.ts'), 'utf8')).toContain("import('./contract')");
    expect(importGraph('contract.ts').packages).toEqual(['zod/mini']);
  });

  it('the contents entry carries the contents list only', () => {
    expect(importGraph('contents.ts').files.sort()).toEqual(['contents.ts', 'seed/contents.ts']);
  });
});

// The typed contract between the shell and each remote's exposed ./routes (shared-ui
// RemoteRoutesModule): a remote that changes its shape fails the type check.
import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { remotes, repoRoot } from 'local-stack/apps.mjs';

const fixtures = path.join(repoRoot, 'scripts/test/fixtures/contract');
const fixture = (name) => path.join(fixtures, `routes.${name}.tsx`);

/** tsc over the fixtures with the repo's strict settings; returns its error lines per fixture. */
async function typeCheck(names) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-'));
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: path.join(repoRoot, 'tsconfig.base.json'),
      compilerOptions: { types: [] },
      files: [...names.map(fixture), path.join(repoRoot, 'shared-context/src/theme/styled.d.ts')],
      include: [path.join(repoRoot, 'types')],
    }),
  );
  const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
  const output = await promisify(execFile)(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { cwd: repoRoot })
    .then(({ stdout }) => stdout)
    .catch((error) => error.stdout);
  fs.rmSync(dir, { recursive: true, force: true });
  const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
  return Object.fromEntries(names.map((name) => [name, errors.filter((line) => line.includes(`routes.${name}.tsx`))]));
}

describe('remote routes contract', () => {
  it('accepts a routes module that keeps it and rejects one that wants a prop or is no component', async () => {
    const errors = await typeCheck(['good', 'needsProp', 'notAComponent']);
    expect(errors.good).toEqual([]);
    expect(errors.needsProp).toEqual([
      expect.stringMatching(/error TS1360: .* does not satisfy the expected type 'ComponentType'/),
    ]);
    expect(errors.notAComponent).toEqual([
      expect.stringMatching(/error TS1360: .* does not satisfy the expected type 'ComponentType'/),
    ]);
  }, 60_000);

  it('every remote’s exposed ./routes checks its default export against the contract', () => {
    for (const remote of remotes) {
      const source = fs.readFileSync(path.join(repoRoot, remote.workspace, 'src/routes.tsx'), 'utf8');
      expect(source).toMatch(/^export default \w+ satisfies RemoteRoutesModule\['default'\];$/m);
    }
  });
});

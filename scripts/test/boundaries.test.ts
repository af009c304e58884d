import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { paced } from 'service-kit/testing/pace';

/**
 * The import boundaries of eslint.config.mjs, proved on fixtures: each bad import is reported,
 * and the imports a feature may make pass. The fixtures are linted with the repo's own config as
 * if they lived where their first line says (ESLint runs in a child process: it loads its config
 * as an ES module, which Jest's CommonJS runtime cannot).
 */
interface LintedFixture {
  fixture: string;
  lintAs: string;
  messages: { ruleId: string | null; line: number; message: string }[];
}

const repoRoot = path.resolve(__dirname, '..', '..');
const fixtureDir = path.join(__dirname, 'fixtures', 'boundaries');
const fixtures = fs.readdirSync(fixtureDir).filter((name) => name.endsWith('.ts'));

let linted: Map<string, LintedFixture>;

beforeAll(() => {
  const output = execFileSync(
    process.execPath,
    ['scripts/test/support/lintAs.mjs', ...fixtures.map((name) => path.join(fixtureDir, name))],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  linted = new Map((JSON.parse(output) as LintedFixture[]).map((result) => [result.fixture, result]));
}, paced(60_000));

function messagesOf(fixture: string) {
  const result = linted.get(fixture);
  if (!result) throw new Error(`${fixture} was not linted`);
  return result.messages;
}

const reported = (fixture: string, ruleId: string) =>
  messagesOf(fixture)
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.line);

describe('import boundaries', () => {
  it.each([
    ['remote-imports-remote.ts', 'a remote importing other remotes (by path and by package name)', [3, 4]],
    ['remote-imports-shell.ts', 'a remote importing the shell', [3]],
    ['shell-imports-remote.ts', "the shell importing a remote's source", [3]],
    ['shared-imports-app.ts', 'a shared package importing an app', [3]],
    ['feature-imports-feature.ts', "a feature importing another feature's folder", [3]],
    ['scripts-import-e2e.ts', 'the scripts importing e2e', [3]],
    ['tooling-imports-e2e.ts', 'the tooling (the benchmark) importing e2e', [3]],
    ['api-imports-ui.ts', 'the API importing a React package', [3]],
    ['react-in-shared-articles.ts', 'shared-articles importing shared-ui', [4]],
    ['shared-imports-up-a-layer.ts', 'shared-ui importing shared-auth and shared-data (layers above it)', [3, 4]],
    ['context-imports-ui.ts', 'shared-context importing shared-ui (the layer above it)', [3]],
  ])('%s: reports %s', (fixture, _what, lines) => {
    expect(reported(fixture, 'boundaries/dependencies')).toEqual(lines);
  });

  it('keeps React, styled-components and the UI packages out of the React-free packages', () => {
    expect(reported('react-in-shared-articles.ts', 'no-restricted-imports')).toEqual([3, 4]);
    expect(reported('api-imports-ui.ts', 'no-restricted-imports')).toEqual([3]);
  });

  it('reports a relative import that leaves its workspace, in every form, and names the package to import', () => {
    const messages = messagesOf('workspace-by-path.ts').filter(
      (message) => message.ruleId === 'workspaces/no-relative-import-out-of-workspace',
    );
    expect(messages.map((message) => message.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(messages[0]!.message).toContain("import shared-core by its package name ('shared-core')");
    expect(messages[1]!.message).toContain("import shell by its package name ('shell')");
    expect(messages[5]!.message).toContain('scripts/build.mjs, which is in no workspace');
  });

  it("passes a feature's own folder, its app's common code, shared-* and libraries", () => {
    expect(messagesOf('allowed-imports.ts')).toEqual([]);
  });

  it('has linted every fixture as a file of the repo', () => {
    expect([...linted.keys()].sort()).toEqual([...fixtures].sort());
    for (const { lintAs } of linted.values())
      expect(fs.existsSync(path.join(repoRoot, path.dirname(lintAs)))).toBe(true);
  });
});

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { createLocalArtifactStore } from '../../tooling/release/src/artifactStore';
import { findRemote } from '../../tooling/release/src/remotes';

/**
 * `npm run lint` after a release from this checkout: `npm run release` copies built, minified
 * bundles into the local store `.releases/` (git-ignored), and ESLint, Prettier and the type check
 * must never read them (one release once made the lint fail with 11,268 errors). The test publishes
 * a bundle there with the release tooling's own store, then runs the linters as `npm run lint` does
 * on those files; the same files with the ignores turned off are reported, so the test can fail.
 */
const repoRoot = path.resolve(__dirname, '..', '..');
const storeRoot = path.join(repoRoot, '.releases');
const remote = findRemote('public-site');
const version = `lint-probe-${process.pid}`;
const versionDir = path.join(storeRoot, remote.workspace, version);
const storeExisted = fs.existsSync(storeRoot);

/** What a webpack production build leaves: minified code ESLint would flag, JSON Prettier would reformat. */
const BUNDLE: Record<string, string> = {
  'remoteEntry.js': 'var public_site;(()=>{var e={},t=function(r){return n[r]};public_site=t})();\n',
  'static/js/routes.4f2a.js':
    '"use strict";(self.webpackChunk=self.webpackChunk||[]).push([[1],{1:(e,t,n)=>{var u=1}}]);\n',
  'mf-manifest.json': '{"id":"public_site","name":"public_site","exposes":[{"path":"./routes"}],"shared":[]}\n',
  'types/routes.ts': 'export const routes: number = "not a number";\n',
};
const files = Object.keys(BUNDLE).map((file) => path.join(versionDir, file));

const node = (args: string[]) =>
  spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
const eslint = (...args: string[]) => node([path.join(repoRoot, 'node_modules/eslint/bin/eslint.js'), ...args]);
const prettier = (...args: string[]) =>
  node([path.join(repoRoot, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', ...args]);

beforeAll(async () => {
  const built = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-probe-build-'));
  for (const [file, text] of Object.entries(BUNDLE)) {
    fs.mkdirSync(path.dirname(path.join(built, file)), { recursive: true });
    fs.writeFileSync(path.join(built, file), text);
  }
  await createLocalArtifactStore(storeRoot).publish(remote, version, built);
  fs.rmSync(built, { recursive: true, force: true });
});

afterAll(() => {
  fs.rmSync(storeExisted ? versionDir : storeRoot, { recursive: true, force: true });
});

describe('a release into the local store, then the lint', () => {
  it('is not read by ESLint (the same files are reported when the ignores are off)', () => {
    const ignored = eslint('--format', 'json', '--no-warn-ignored', ...files);
    expect(ignored.status).toBe(0);
    const results = JSON.parse(ignored.stdout) as { messages: unknown[] }[];
    expect(results.flatMap((result) => result.messages)).toEqual([]);

    const read = eslint('--format', 'json', '--no-ignore', ...files.filter((file) => file.endsWith('.js')));
    expect(read.status).toBe(1);
    const errors = (JSON.parse(read.stdout) as { errorCount: number }[]).reduce((sum, r) => sum + r.errorCount, 0);
    expect(errors).toBeGreaterThan(0);
  });

  it('is not read by Prettier (the same files fail its check without the ignore files)', () => {
    const ignored = prettier(...files);
    expect(ignored.stderr).toBe('');
    expect(ignored.status).toBe(0);

    const read = prettier('--ignore-path', os.devNull, ...files);
    expect(read.status).toBe(1);
    expect(read.stderr).toContain('mf-manifest.json');
  });

  it('is not in the type check', () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(path.join(repoRoot, 'tsconfig.json'), undefined, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    });
    const inProgram = parsed?.fileNames ?? [];
    expect(inProgram.length).toBeGreaterThan(100);
    expect(inProgram.filter((file) => path.resolve(file).startsWith(storeRoot + path.sep))).toEqual([]);
  });

  it('npm run lint names the same checks this test runs (ESLint and Prettier on ".", tsc -b tsconfig.json)', () => {
    const listed = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        'import("./scripts/lint.mjs").then((m) => console.log(JSON.stringify(m.lintChecks)))',
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    const checks = (JSON.parse(listed) as { args: string[] }[]).map((check) => check.args.slice(1));
    expect(checks).toEqual([['.'], ['--check', '--log-level', 'warn', '.'], ['-b', 'tsconfig.json']]);
  });
});

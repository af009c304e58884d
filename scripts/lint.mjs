#!/usr/bin/env node
// `npm run lint`, also the first step of `npm test`: ESLint (with the import boundaries), the
// Prettier check and the type check of every workspace. All three run even when one fails, so a
// red run shows every problem at once.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from 'local-stack/apps.mjs';

const bin = (file) => path.join(repoRoot, 'node_modules', file);
export const lintChecks = [
  { label: 'ESLint', args: [bin('eslint/bin/eslint.js'), '.'] },
  { label: 'Prettier', args: [bin('prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '.'] },
  { label: 'TypeScript (tsc -b)', args: [bin('typescript/bin/tsc'), '-b', 'tsconfig.json'] },
];

/** Runs every check; returns how many passed and which failed. */
export function runLint() {
  const failed = [];
  for (const check of lintChecks) {
    console.log(`▶ lint: ${check.label}`);
    const status = spawnSync(process.execPath, check.args, { cwd: repoRoot, stdio: 'inherit' }).status;
    if (status !== 0) failed.push(check.label);
  }
  console.log(failed.length ? `✖ lint failed: ${failed.join(', ')}` : '✔ lint clean');
  return { passed: lintChecks.length - failed.length, failed };
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(runLint().failed.length ? 1 : 0);

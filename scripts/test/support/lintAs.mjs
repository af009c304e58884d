#!/usr/bin/env node
// Lints fixture files with the repo's own ESLint config as if each lived at the path named in its
// first line (`// lint as: public-site/src/x.ts`), so a bad import can sit in a fixture folder
// that the normal `npm run lint` ignores. Prints one JSON array: { fixture, lintAs, messages }.
// Usage: node scripts/test/support/lintAs.mjs <fixture.ts>...
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { repoRoot } from 'local-stack/apps.mjs';

const eslint = new ESLint({ cwd: repoRoot });
const results = [];
for (const fixture of process.argv.slice(2)) {
  const code = fs.readFileSync(fixture, 'utf8');
  const lintAs = /^\/\/ lint as: (\S+)/.exec(code)?.[1];
  if (!lintAs) throw new Error(`${fixture}: the first line must be "// lint as: <path in the repo>"`);
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, lintAs) });
  const messages = (result?.messages ?? []).map(({ ruleId, line, message }) => ({ ruleId, line, message }));
  results.push({ fixture: path.basename(fixture), lintAs, messages });
}
console.log(JSON.stringify(results, null, 2));

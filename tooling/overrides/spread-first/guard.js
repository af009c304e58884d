// What spreadFirstLoader.js relies on in TypeScript's parser, the private parseDiagnostics
// included (UPGRADING.md). Whether Node's V8 still needs the loader is measured, not guarded:
// the loader is correct on any Node, only useless on one that shares those hidden classes.
const { versionProblems } = require('../guard');
const { packageDir } = require('../installed');

const USED = [
  'createSourceFile',
  'forEachChild',
  'isObjectLiteralExpression',
  'isSpreadAssignment',
  'isIdentifier',
  'isStringLiteral',
];

/**
 * @param {object} [options]
 * @param {string} [options.dir]  a typescript folder; the installed one by default
 * @param {any} [options.ts]      the compiler API; `dir`'s by default
 */
function problems({ dir = packageDir('typescript'), ts } = {}) {
  const found = versionProblems('typescript', dir, '>=5.0.0 <7');
  const api = ts ?? require(dir);
  const missing = USED.filter((name) => typeof api[name] !== 'function');
  if (missing.length) return [...found, `the compiler API no longer has ${missing.join(', ')}`];
  if (api.ScriptTarget?.Latest === undefined || api.ScriptKind?.JS === undefined) {
    found.push('ScriptTarget.Latest or ScriptKind.JS is gone');
  }
  // A file that does not parse must say so, or the loader would rewrite code it misread.
  const parse = (code) => api.createSourceFile('module.js', code, api.ScriptTarget.Latest, false, api.ScriptKind.JS);
  const broken = parse('const o = { ...a, b ;').parseDiagnostics;
  const clean = parse('const o = { ...a, b };').parseDiagnostics;
  if (!Array.isArray(broken) || broken.length === 0 || !Array.isArray(clean) || clean.length !== 0) {
    found.push("a source file's parseDiagnostics (private) no longer lists its syntax errors");
  }
  return found;
}

module.exports = {
  title: 'spread-first loader: server builds on Node 20',
  anchor: 'spread-first-loader-server-builds-on-node-20',
  problems,
};

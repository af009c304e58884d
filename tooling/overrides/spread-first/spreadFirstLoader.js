// For the server builds, which run on Node 20 (V8 11.3): an object literal that starts with a
// spread and goes on, `{ ...rest, href, onClick }`, is built by copying the spread source's shape
// and then adding the rest, and V8 11.3 gives every object built that way a hidden class of its
// own (no transition to share), kept in the old generation until the next full collection, and
// with it what the object held: the closures, props and elements of a whole render.
// React Router's <Link>, TanStack Query's option defaults and our providers build such objects on
// every server render, so a render thread promoted ≈ 1.7 MB a scavenge and stopped for
// mark-compacts every ≈ 1,300 pages. One million `{ ...props, key }` took 1,410 ms against 398 ms
// with the change below, and promoted 71 MB against 0.2 MB
// (docs/log.md).
//
// The change: `__proto__: Object.prototype,` before the spread — the prototype such a literal has
// anyway, so nothing else changes — and V8 builds the object from the literal's own shape and
// copies the spread into it, sharing hidden classes, as it does whenever any property comes first.
// Literals that only copy (`{ ...props }`) are left alone: V8 clones those quickly.
//
// Browser builds keep their spreads: Chromium 156's V8 shares those hidden classes itself and
// builds the prefixed form 2–3× slower. Measure again when the server moves past Node 20.
// What it relies on in TypeScript, and how to check an upgrade: ../UPGRADING.md.
const ts = require('typescript');

const PROTOTYPE_FIRST = '__proto__: Object.prototype, ';

/** `__proto__` written as a property: a second `__proto__:` in a literal is a syntax error. */
const namesProto = (property) =>
  property.name !== undefined &&
  (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) &&
  property.name.text === '__proto__';

/**
 * Where `PROTOTYPE_FIRST` goes in `code`: before the first spread of each object literal that
 * starts with a spread and has more after it.
 * @param {string} code  JavaScript
 * @returns {number[] | null}  offsets, or null when the code does not parse cleanly
 */
function spreadFirstLiterals(code) {
  const file = ts.createSourceFile('module.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  // TypeScript parses on past errors; webpack then reports them. Nothing is changed in such a file.
  if (file.parseDiagnostics?.length) return null;
  const offsets = [];
  const visit = (node) => {
    if (
      ts.isObjectLiteralExpression(node) &&
      node.properties.length > 1 &&
      ts.isSpreadAssignment(node.properties[0]) &&
      !node.properties.some(namesProto)
    ) {
      offsets.push(node.properties[0].getStart(file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return offsets;
}

/** `code` with `PROTOTYPE_FIRST` in each spread-first literal. */
function prototypeFirst(code) {
  // A module with an `Object` of its own would get that one's prototype.
  if (!code.includes('...') || /\b(?:var|let|const|function|class)\s+Object\b/.test(code)) return code;
  const offsets = spreadFirstLiterals(code);
  if (!offsets?.length) return code;
  let out = '';
  let from = 0;
  for (const offset of offsets.sort((a, b) => a - b)) {
    out += code.slice(from, offset) + PROTOTYPE_FIRST;
    from = offset;
  }
  return out + code.slice(from);
}

module.exports = function spreadFirstLoader(source) {
  return prototypeFirst(source);
};
module.exports.prototypeFirst = prototypeFirst;

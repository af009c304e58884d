// What adoptServerStyles.js and styledComponents.js rely on in styled-components (UPGRADING.md):
// the browser ESM build at its deep path, and the private sheet API of its __PRIVATE__ export.
const fs = require('node:fs');
const path = require('node:path');
const { exportedNames, versionProblems } = require('../guard');
const { packageDir } = require('../installed');

const BROWSER_ESM = 'dist/styled-components.browser.esm.js';
/** The same build as CommonJS, which a guard can load. */
const BROWSER_CJS = 'dist/styled-components.browser.cjs.js';

const isFunction = (value) => typeof value === 'function';

/**
 * @param {any} internals  the library's __PRIVATE__
 * @param {Document} [doc]  a page, to look at the tag the adoption takes over
 */
function sheetProblems({ mainSheet, StyleSheet }, doc) {
  const found = [];
  for (const method of ['getTag', 'registerName', 'rehydrate']) {
    if (!isFunction(mainSheet?.[method])) found.push(`__PRIVATE__.mainSheet.${method}() is gone`);
  }
  if (!(mainSheet?.names instanceof Map)) found.push('__PRIVATE__.mainSheet.names is no longer a Map');
  if (typeof mainSheet?.options?.useCSSOMInjection !== 'boolean') {
    found.push('__PRIVATE__.mainSheet.options.useCSSOMInjection is gone');
  }
  if (!isFunction(StyleSheet?.registerId)) found.push('__PRIVATE__.StyleSheet.registerId() is gone');
  if (found.length || !doc) return found;
  // The grouped tag of a sheet that injects through the CSSOM (production builds; development
  // builds' text tags are handed back to styled-components), which the adoption points at the
  // server's element: its element, sheet, rule count and group sizes.
  const grouped = new StyleSheet({ useCSSOMInjection: true }).getTag();
  const tag = grouped?.tag;
  try {
    if (typeof grouped?.groupSizes?.length !== 'number') found.push('getTag().groupSizes is gone');
    if (!(tag?.element instanceof doc.defaultView.HTMLStyleElement)) found.push('getTag().tag.element is no <style>');
    if (typeof tag?.sheet?.cssRules?.length !== 'number') found.push('getTag().tag.sheet is no CSSOM sheet');
    if (typeof tag?.length !== 'number') found.push('getTag().tag.length is gone');
  } finally {
    tag?.element?.remove?.();
  }
  return found;
}

/**
 * @param {object} [options]
 * @param {string} [options.dir]  a styled-components folder; the installed one by default
 * @param {any} [options.lib]     the library as a page loads it; `BROWSER_CJS` from `dir` by default
 * @param {Document} [options.doc]  a page, to look at the tag the adoption takes over
 */
function problems({ dir = packageDir('styled-components'), lib, doc = globalThis.document } = {}) {
  const found = versionProblems('styled-components', dir, '^6.1.0');
  const esm = path.join(dir, BROWSER_ESM);
  if (!fs.existsSync(esm)) return [...found, `${BROWSER_ESM} is gone (styledComponents.js imports it by that path)`];
  const exported = exportedNames(fs.readFileSync(esm, 'utf8'));
  for (const name of ['__PRIVATE__', 'version', 'default']) {
    if (!exported.has(name)) found.push(`${BROWSER_ESM} no longer exports ${name}`);
  }
  const library = lib ?? require(path.join(dir, BROWSER_CJS));
  const internals = library.__PRIVATE__;
  if (!internals) return [...found, 'the __PRIVATE__ export is gone'];
  return [...found, ...sheetProblems(internals, doc)];
}

module.exports = {
  title: 'styled-components: server style sheet adoption',
  anchor: 'styled-components-server-style-sheet-adoption',
  problems,
};

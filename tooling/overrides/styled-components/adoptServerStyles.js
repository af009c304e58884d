// The browser takes the server's styled-components <style> element over as it is, instead of
// styled-components' own rehydration, which copies every rule into a new element and removes the
// server's: the browser then matches the whole page against a new style sheet (a full style
// recalculation and layout of a painted page, 12–50 ms at 4× CPU on our pages, in a task of its
// own or in the one that evaluates the shared libraries: docs/server-rendering.md).
//
// The shell's server marks its <style> `data-styled="active"` (shell/src/server/renderPage.tsx), so
// styled-components' rehydration passes it over; this module, evaluated with styled-components
// (styledComponents.js, beside it), registers the element's component ids and class names
// with the main sheet and makes the element that sheet's tag, group sizes and all. New rules (a
// page opened later, a prop that makes a new class) are inserted into it at their group's place,
// as styled-components would have placed them. Anything unexpected (a development build's text
// tag, another version, a rule the browser did not keep) hands the element back to
// styled-components' own rehydration: the page is styled either way. The private API it drives,
// and how to check it after an upgrade: ../UPGRADING.md.

const SPLITTER = '/*!sc*/\n';
const MARKER = /^data-styled\.g(\d+)\[id="([\w\d-]+)"\].*?"([^"]*)/;

/**
 * The groups of a server sheet's text, in order: each component id with its class names and how
 * many rules precede its marker rule. Null when the text is not in that shape.
 * @param {string} text
 * @returns {{ group: number, id: string, names: string[], rules: number }[] | null}
 */
function parseServerSheet(text) {
  const groups = [];
  let rules = 0;
  for (const raw of text.split(SPLITTER)) {
    const part = raw.trim();
    if (!part) continue;
    const marker = MARKER.exec(part);
    if (!marker) {
      rules++;
      continue;
    }
    groups.push({ group: Number(marker[1]), id: marker[2], names: marker[3].split(',').filter(Boolean), rules });
    rules = 0;
  }
  return rules === 0 ? groups : null;
}

/**
 * Whether the browser kept every rule of the text: the marker rule of each group stands right
 * after that group's rules (a rule the browser dropped would shift every later one).
 * @param {CSSStyleSheet} sheet
 * @param {{ group: number, id: string, rules: number }[]} groups
 */
function browserKeptEveryRule(sheet, groups) {
  const cssRules = sheet.cssRules;
  let index = 0;
  for (const { group, id, rules } of groups) {
    index += rules;
    const marker = cssRules[index];
    if (!marker || marker.selectorText !== `data-styled.g${group}[id="${id}"]`) return false;
    index++;
  }
  return index === cssRules.length;
}

/**
 * @param {{ mainSheet: any, StyleSheet: any }} internals  styled-components' __PRIVATE__
 * @param {string} version  styled-components' version
 * @param {Document} [doc]
 * @returns {'adopted' | 'rehydrated' | 'none'}
 */
function adoptServerStyles(internals, version, doc = globalThis.document) {
  const { mainSheet, StyleSheet } = internals;
  // A sheet that already has a tag has rehydrated a server element of its own accord (one not
  // marked `active`), and its own tag is `active` too: that page is styled-components' alone.
  if (!doc || mainSheet.tag || mainSheet.names.size > 0) return 'none';
  const element = doc.querySelector(
    `style[data-styled="active"][data-styled-version="${version}"]:not([data-adopted])`,
  );
  if (!element) return 'none';
  const handBack = () => {
    element.setAttribute('data-styled', 'true');
    mainSheet.rehydrate();
    return 'rehydrated';
  };
  try {
    const groups = parseServerSheet(element.textContent ?? '');
    const sheet = element.sheet;
    // A text tag (development builds) keeps rules as text nodes, not at CSSOM indexes.
    if (!groups || !sheet || !mainSheet.options.useCSSOMInjection) return handBack();
    if (!browserKeptEveryRule(sheet, groups)) return handBack();

    // The tag styled-components would make, pointed at the server's element. Creating it adds an
    // empty <style>, removed again in the same task, before the browser looks at style sheets.
    const grouped = mainSheet.getTag();
    const tag = grouped.tag;
    tag.element.remove();
    tag.element = element;
    tag.sheet = sheet;
    tag.length = sheet.cssRules.length;

    // Groups are numbered in the server's order, so each group's rules (and its marker) sit where
    // the group-size sums put them; components defined later get later groups, as after a
    // rehydration.
    let previous = 0;
    for (const { id, names, rules } of groups) {
      const group = StyleSheet.registerId(id);
      if (group <= previous || group >= grouped.groupSizes.length) throw new Error(`group ${group} out of order`);
      previous = group;
      for (const name of names) mainSheet.registerName(id, name);
      grouped.groupSizes[group] = rules + 1;
    }
    element.setAttribute('data-adopted', '');
    return 'adopted';
  } catch (error) {
    // Nothing is half-adopted: a fresh tag and styled-components' own rehydration take over.
    console.warn('[styles] the server style sheet could not be adopted; rehydrating instead', error);
    mainSheet.tag = undefined;
    mainSheet.names.clear();
    return handBack();
  }
}

module.exports = { adoptServerStyles, parseServerSheet };

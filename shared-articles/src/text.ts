/** Plain-text helpers for article HTML: card excerpts, meta descriptions, search. */

/** Teaser lengths from the spec (section 9), in characters (code points). */
export const EXCERPT_LENGTH = { home: 100, list: 150, metaDescription: 120 } as const;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  yen: '¥',
  copy: '©',
  reg: '®',
  trade: '™',
};

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#')) {
    const codePoint = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    const valid = Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff;
    return valid ? String.fromCodePoint(codePoint) : entity;
  }
  return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
}

/** Decodes numeric and common named HTML entities; unknown ones are left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, decodeEntity);
}

/**
 * HTML → plain text: drops script/style/iframe bodies and comments, turns tags into spaces (so
 * `<p>a</p><p>b</p>` reads "a b"), decodes entities and collapses whitespace.
 */
export function stripHtml(html: string): string {
  const withoutTags = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|iframe)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ');
  // Tags go before entities: an encoded "&lt;b&gt;" is text and must survive as "<b>".
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim();
}

/**
 * The first `length` characters of the plain text, plus `ellipsis` only when something was cut.
 * Counts code points, so a cut never splits a surrogate pair (emoji, rare kanji).
 */
export function excerpt(html: string, length: number, ellipsis = '...'): string {
  const characters = Array.from(stripHtml(html));
  if (characters.length <= length) return characters.join('');
  return characters.slice(0, length).join('').trimEnd() + ellipsis;
}

/** Social/meta description: the first 120 plain-text characters, no ellipsis (spec sections 2 and 9). */
export function metaDescription(html: string): string {
  return excerpt(html, EXCERPT_LENGTH.metaDescription, '');
}

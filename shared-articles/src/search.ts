import { stripHtml } from './text';

const KATAKANA_START = 0x30a1; // ァ
const KATAKANA_END = 0x30f6; // ヶ
const KATAKANA_TO_HIRAGANA = 0x60;

/**
 * Canonical form for matching: NFKC (full-width "ＡＩ" → "AI", half-width "ｶﾀｶﾅ" → "カタカナ"),
 * lower case, katakana folded to hiragana, whitespace collapsed and trimmed.
 */
export function normalizeForSearch(text: string): string {
  let folded = '';
  for (const char of text.normalize('NFKC').toLowerCase()) {
    const code = char.codePointAt(0) ?? 0;
    folded += code >= KATAKANA_START && code <= KATAKANA_END ? String.fromCodePoint(code - KATAKANA_TO_HIRAGANA) : char;
  }
  return folded.replace(/\s+/g, ' ').trim();
}

/**
 * Case-, width- and kana-insensitive substring match of `query` in any of `fields`.
 * An empty query matches everything. Pass plain text: HTML should go through `stripHtml` first.
 */
export function matchesQuery(query: string, ...fields: ReadonlyArray<string | null | undefined>): boolean {
  const needle = normalizeForSearch(query);
  if (needle === '') return true;
  return fields.some((field) => field != null && normalizeForSearch(field).includes(needle));
}

/** The article pages' search: title or body text (spec section 5). */
export function articleMatchesQuery(article: { title: string; content: string }, query: string): boolean {
  return matchesQuery(query, article.title, stripHtml(article.content));
}

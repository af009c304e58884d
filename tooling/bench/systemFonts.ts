import { execFileSync } from 'node:child_process';

/**
 * The Japanese font the machine's Chromium falls back to, or null. A Japanese visitor's phone has
 * one (Android ships Noto Sans CJK JP, iOS Hiragino), and the site's `@font-face` names the local
 * Noto first; a bench machine without one measures something no visitor sees: Chromium searching
 * every installed font for each Japanese character (most of a page's "Style & Layout" time) and
 * then downloading the web font slices, on the floors as on our pages.
 */
export function japaneseSystemFont(): string | null {
  try {
    const families = execFileSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' });
    const first = families.split('\n').find((line) => line.trim());
    return first ? first.split(',')[0]!.trim() : null;
  } catch {
    return null;
  }
}

export const MISSING_JAPANESE_FONT_WARNING =
  'no Japanese system font on this machine (fc-list :lang=ja is empty): the browser figures will ' +
  'measure glyph fallback and web-font downloads a Japanese phone does not do. ' +
  'Install one first: apt-get install -y fonts-noto-cjk';

/** Characters for the generated bodies, and the helpers that put them into text. */
import type { Prng } from 'service-kit/testing';
import type { Body } from './requests';

/** Characters that are legitimate in text but unusual: they go into otherwise valid fields. */
export const UNUSUAL_TEXT = {
  rtlOverride: '\u202E',
  rtlIsolate: '\u2067',
  zeroWidthSpace: '\u200B',
  zeroWidthJoiner: '\u200D',
  byteOrderMark: '\uFEFF',
  emoji: '😀',
  family: '👨‍👩‍👧‍👦',
  flag: '🇯🇵',
  skinTone: '👍🏽',
  combining: 'e\u0301\u0302\u0303',
  zalgo: 'Z\u0334\u0321\u0322a\u0338\u0322l\u0335g\u0336o',
  fullWidth: 'ＡＢＣ１２３',
  halfWidthKana: 'ｶﾀｶﾅ',
  ideographicSpace: '\u3000',
  lineSeparator: '\u2028',
  replacementChar: '\uFFFD',
  privateUse: '\uE000\u{10FFFD}',
  nonCharacter: '\uFFFF',
} as const;

/** Characters no article field should accept. */
export const MALFORMED_TEXT = {
  loneHighSurrogate: '\uD800',
  loneLowSurrogate: '\uDC00',
  reversedSurrogates: '\uDC00\uD800',
  nul: '\u0000',
  bell: '\u0007',
  escape: '\u001B[31m',
  delete: '\u007F',
} as const;

/** Puts a few legitimate-but-unusual characters into the title and content (never past their limits). */
export function sprinkle(prng: Prng, body: Body): Body {
  const noise = () => Array.from({ length: prng.int(1, 3) }, () => prng.pick(Object.values(UNUSUAL_TEXT))).join('');
  const result = { ...body };
  if (typeof result.title === 'string' && result.title.length < 150)
    result.title = `${noise()}${result.title}${noise()}`;
  if (typeof result.content === 'string' && result.content.length < 1000)
    result.content = `<p>${noise()}</p>${result.content}`;
  return result;
}

export const repeat = (unit: string, count: number) => unit.repeat(Math.max(0, count));
export const longText = (prng: Prng, codePoints: number) => {
  const alphabet = ['あ', 'A', '😀', 'e\u0301', '漢', UNUSUAL_TEXT.zeroWidthSpace];
  return Array.from({ length: codePoints }, () => prng.pick(alphabet)).join('');
};

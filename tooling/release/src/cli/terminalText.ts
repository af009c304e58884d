/**
 * What the CLI prints that it did not write itself — the service's sentences, the gate's problems
 * and notes (which quote names from the published mf-manifest.json), versions, URLs, e-mails, the
 * audit log's messages — may hold terminal controls: an ESC sequence clears the screen, moves the
 * cursor, retitles the window or hides a line; a carriage return or a newline forges a line of its
 * own ("✔ 公開しました"). So every print goes through `say` / `sayError`, which take only text built
 * by the `terminal` tag: the template's literal parts (the CLI's own words and line breaks) stay as
 * written, every interpolated value is made `printable` (one line, no controls) unless it is itself
 * text the tag built. The type checker then refuses a print of raw foreign text.
 */
import { stripVTControlCharacters } from 'node:util';

/**
 * C0 and C1 controls (ESC, BEL, CR, tab and newline included), DEL, and the bidirectional
 * overrides and isolates that reorder what a terminal shows (a "Trojan Source" line).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Foreign text as one printable line: ESC sequences (CSI, OSC, …) removed whole, other controls made spaces. */
export function printable(text: string): string {
  return stripVTControlCharacters(text).replace(CONTROLS, (c) => (c === '\t' || c === '\n' || c === '\r' ? ' ' : ''));
}

/** Text fit for the terminal; only `terminal` and `terminalLines` make one. */
export class TerminalText {
  private constructor(readonly text: string) {}

  /** @internal the two makers below */
  static of(text: string): TerminalText {
    return new TerminalText(text);
  }
}

/** A template whose interpolated values are foreign (made printable) unless already TerminalText. */
export function terminal(strings: TemplateStringsArray, ...values: unknown[]): TerminalText {
  let text = strings[0] ?? '';
  values.forEach((value, i) => {
    text += (value instanceof TerminalText ? value.text : printable(String(value))) + (strings[i + 1] ?? '');
  });
  return TerminalText.of(text);
}

/**
 * Several lines of text the CLI holds whole (an error's message, a build's output): its line breaks
 * are kept, each line made printable.
 */
export function terminalLines(text: string): TerminalText {
  return TerminalText.of(text.split('\n').map(printable).join('\n'));
}

/** Pieces joined with `separator` (the CLI's own, e.g. a line break). */
export function joinText(parts: readonly TerminalText[], separator = '\n'): TerminalText {
  return TerminalText.of(parts.map((part) => part.text).join(separator));
}

export const say = (text: TerminalText): void => console.log(text.text);
export const sayError = (text: TerminalText): void => console.error(text.text);

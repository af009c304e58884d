// The starter of a server-rendered page (shell/public/after-paint.js, minified into the shell's
// dist by its build), inlined into the page instead of fetched. As a file it was a request that
// ended before the first paint without being needed for it: Lighthouse's simulation charges every
// such request to LCP (docs/performance.md, "LCP against FCP"), and a visitor's phone opened a
// request for 0.4 KB. The CSP lets exactly this text run by its hash (config/csp.ts); no other
// inline script runs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Starter {
  /** the script's text, as it stands between <script> and </script> */
  source: string;
  /** its CSP hash source: `'sha256-<base64>'` */
  hash: string;
}

export const STARTER_FILE = 'after-paint.js';

/** The CSP hash source of an inline script's text (CSP 3, "hash-source"). */
export const scriptHash = (source: string) =>
  `'sha256-${crypto.createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/**
 * A text that can stand inside <script>…</script> as it is: nothing in it may end the element or
 * open an HTML comment (which changes how the parser looks for the end tag).
 */
const inlinable = (source: string) => !/<\/script|<!--/i.test(source);

/** `source` as a Starter, or null when it cannot be inlined safely (the page then loads the file). */
export function starterOf(source: string): Starter | null {
  const text = source.trim();
  return text && inlinable(text) ? { source: text, hash: scriptHash(text) } : null;
}

/**
 * `parse` of `file`'s text, read again only when a redeploy replaced the file (one stat per call
 * instead of a read); throws while the file is missing. The page's template is read the same way.
 */
export function readWhenChanged<T>(file: string, parse: (text: string) => T): () => T {
  let known: { mtimeMs: number; value: T } | null = null;
  return () => {
    const { mtimeMs } = fs.statSync(file);
    if (known?.mtimeMs !== mtimeMs) known = { mtimeMs, value: parse(fs.readFileSync(file, 'utf8')) };
    return known.value;
  };
}

/**
 * The starter in `dir` (the shell's dist), read again only when a redeploy replaced it; null
 * while there is none (a page then loads /after-paint.js as before).
 */
export function starterReader(dir: string): () => Starter | null {
  const read = readWhenChanged(path.join(dir, STARTER_FILE), starterOf);
  return () => {
    try {
      return read();
    } catch {
      return null;
    }
  };
}

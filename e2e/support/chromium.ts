import { findChromium, missingChromiumMessage } from 'local-stack/chromium.mjs';

/** The Chromium binary the tests launch (local-stack/chromium.mjs says which and why). */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error(missingChromiumMessage());
  return found;
}

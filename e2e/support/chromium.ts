import { CHROMIUM_INSTALL_HINT, findChromium } from 'local-stack/chromium.mjs';

/** The Chromium binary the tests launch (local-stack/chromium.mjs says which and why). */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found) {
    throw new Error(
      process.env.CHROMIUM_PATH
        ? `CHROMIUM_PATH (${process.env.CHROMIUM_PATH}) does not exist.`
        : `Chromium was not found. Install it with \`sudo ${CHROMIUM_INSTALL_HINT}\` (or set CHROMIUM_PATH).`,
    );
  }
  return found;
}

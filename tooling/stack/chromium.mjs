// The browser the tests drive, from Debian's packages: tests never download a browser of their own.
// Debian's old headless shell (package chromium-headless-shell) first: headless tests need no
// more, and the browser suite's files cost about a third less CPU and wall time in it than in
// Debian's full Chromium (docs/testing.md, "Cheaper browsers"). The shell has no window:
// `CHROMIUM_PATH=/usr/bin/chromium npx playwright test --headed` watches a test in the full one.
import fs from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** What to do when findChromium() finds none: the one message Playwright and npm test give. */
export function missingChromiumMessage(env = process.env) {
  return env.CHROMIUM_PATH
    ? `CHROMIUM_PATH (${env.CHROMIUM_PATH}) does not exist.`
    : 'Chromium was not found. Install it with `sudo apt-get install -y chromium-headless-shell` (or chromium), or set CHROMIUM_PATH.';
}

/**
 * CHROMIUM_PATH if set (null if it does not exist), else the first of Debian's Chromium binaries
 * installed; null if none is.
 * @param {Record<string, string | undefined>} [env]
 * @param {(path: string) => boolean} [exists]
 * @returns {string | null}
 */
export function findChromium(env = process.env, exists = fs.existsSync) {
  const candidates = env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : CANDIDATES;
  return candidates.find((candidate) => exists(candidate)) ?? null;
}

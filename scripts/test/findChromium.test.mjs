import { describe, expect, it } from '@jest/globals';
import { findChromium } from 'local-stack/chromium.mjs';

/** A machine where only `installed` exist. */
const machine =
  (...installed) =>
  (path) =>
    installed.includes(path);

describe('findChromium', () => {
  it("prefers Debian's headless shell to the full Chromium", () => {
    const both = machine('/usr/bin/chromium', '/usr/bin/chromium-headless-shell');
    expect(findChromium({}, both)).toBe('/usr/bin/chromium-headless-shell');
  });

  it('falls back to the full Chromium, then chromium-browser, and says null without any', () => {
    expect(findChromium({}, machine('/usr/bin/chromium', '/usr/bin/chromium-browser'))).toBe('/usr/bin/chromium');
    expect(findChromium({}, machine('/usr/bin/chromium-browser'))).toBe('/usr/bin/chromium-browser');
    expect(findChromium({}, machine())).toBeNull();
  });

  it('takes CHROMIUM_PATH over every other, and never another one in place of a missing CHROMIUM_PATH', () => {
    const all = machine('/opt/chrome', '/usr/bin/chromium', '/usr/bin/chromium-headless-shell');
    expect(findChromium({ CHROMIUM_PATH: '/opt/chrome' }, all)).toBe('/opt/chrome');
    expect(findChromium({ CHROMIUM_PATH: '/opt/missing' }, all)).toBeNull();
  });
});

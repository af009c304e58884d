import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The webpack configs are CommonJS, without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { iconHref } = require('../createConfig') as { iconHref: (publicDir?: string) => string };

const shellPublic = path.resolve(__dirname, '..', '..', '..', 'shell', 'public');

describe('iconHref (the page icon in the HTML itself)', () => {
  it("is the shell's favicon.svg as a data: URL: no request of its own before the first paint", () => {
    const href = iconHref(shellPublic);
    expect(href).toMatch(/^data:image\/svg\+xml,/);
    const svg = decodeURIComponent(href.slice('data:image/svg+xml,'.length));
    expect(svg).toBe(fs.readFileSync(path.join(shellPublic, 'favicon.svg'), 'utf8').trim());
    // Safe in a double-quoted attribute as html-webpack-plugin writes it.
    expect(href).not.toMatch(/["<>&\s]/);
  });

  it('names /favicon.svg for an app without one', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'icon-'));
    try {
      expect(iconHref(empty)).toBe('/favicon.svg');
      expect(iconHref(undefined)).toBe('/favicon.svg');
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

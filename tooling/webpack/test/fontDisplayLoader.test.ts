import fs from 'node:fs';
import path from 'node:path';
// The webpack loaders are CommonJS, without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fontDisplayLoader: (source: string) => string = require('../loaders/fontDisplayLoader');

/** The package's own file (Jest maps a `.css` import to a stub, so it is found through package.json). */
const stylesheet = (pkg: string, file: string) =>
  fs.readFileSync(path.join(path.dirname(require.resolve(`@fontsource/${pkg}/package.json`)), file), 'utf8');
const faces = (css: string) => css.match(/@font-face\s*{[^}]*}/g) ?? [];
const family = (face: string) => /font-family:\s*'([^']+)'/.exec(face)?.[1];

describe('fontDisplayLoader', () => {
  const notoSource = stylesheet('noto-sans-jp', '400.css');
  const noto = fontDisplayLoader(notoSource);

  it("makes 'Noto Sans JP' the device's own font, as one local() face covering every character", () => {
    const local = faces(noto).filter((face) => family(face) === 'Noto Sans JP');
    expect(local).toHaveLength(1);
    expect(local[0]).toMatch(/src:\s*local\('Noto Sans JP'\),\s*local\('Noto Sans CJK JP'\);/);
    expect(local[0]).not.toMatch(/url\(|unicode-range/);
    expect(local[0]).toMatch(/font-weight:\s*400/);
  });

  it("keeps every downloadable slice, as 'Noto Sans JP Web', with no local() source of its own", () => {
    const web = faces(noto).filter((face) => family(face) === 'Noto Sans JP Web');
    expect(web).toHaveLength(faces(notoSource).length);
    for (const face of web) {
      expect(face).toMatch(/src:\s*url\([^)]*noto-sans-jp[^)]*\.woff2\)\s*format\('woff2'\);/);
      expect(face).toMatch(/unicode-range:/);
      expect(face).not.toMatch(/local\(/);
    }
  });

  it('never swaps a face in after the first paint, and drops the WOFF copies', () => {
    for (const css of [noto, fontDisplayLoader(stylesheet('montserrat', 'latin-700.css'))]) {
      expect(css).not.toMatch(/font-display:\s*swap|\.woff\)/);
      for (const face of faces(css)) expect(face).toMatch(/font-display:\s*optional/);
    }
  });

  it('leaves Montserrat one family, with no local face added', () => {
    const montserrat = fontDisplayLoader(stylesheet('montserrat', 'latin-700.css'));
    expect(new Set(faces(montserrat).map(family))).toEqual(new Set(['Montserrat']));
  });
});

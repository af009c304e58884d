// Adjusts the @fontsource stylesheets for a Japanese font on phones:
// - `font-display: optional` instead of `swap`: a late swap of a Japanese face repaints the
//   largest text (LCP) and moves lines (CLS); the system font stays unless the web font is
//   already there (cached, or preloaded), and the next page uses the cached face.
// - The device's own Noto Sans CJK JP first (Android ships it), as one face: 'Noto Sans JP' is a
//   single `local()` face, and the downloadable unicode-range slices are a second family, 'Noto
//   Sans JP Web', next in the font stacks (shared-context's tokens). A device with the font
//   downloads nothing; one without it takes the slices its characters need, as before. With
//   `local()` first in each of the 125 slices instead, the browser matched the local font once per
//   slice the page's text touched: on a fresh Chromium, /articles' first layouts took 160–300 ms
//   of main thread, against 95–240 ms with the one local face
//   (docs/log.md).
// - no WOFF fallback: every browser the site supports reads WOFF2, and the stylesheet (linked from
//   the HTML head, so render-blocking) is a third smaller without the second URL per face.
/** The one local face, at the weight of the slices it stands before (fonts.ts imports 400 only). */
const localFace = (weight) => `@font-face {
  font-family: 'Noto Sans JP';
  font-style: normal;
  font-display: optional;
  font-weight: ${weight};
  src: local('Noto Sans JP'), local('Noto Sans CJK JP');
}
`;

module.exports = function fontDisplayLoader(source) {
  const css = source
    .replace(/font-display:\s*swap/g, 'font-display: optional')
    .replace(/,\s*url\([^)]*\.woff\)\s*format\(['"]woff['"]\)/g, '');
  if (!/url\(\S*noto-sans-jp/.test(css)) return css;
  const weight = /font-weight:\s*(\d+)/.exec(css)?.[1] ?? '400';
  return localFace(weight) + css.replace(/font-family:\s*'Noto Sans JP'/g, "font-family: 'Noto Sans JP Web'");
};

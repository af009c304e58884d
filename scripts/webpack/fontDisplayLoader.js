// Adjusts the @fontsource stylesheets for a Japanese font on phones:
// - `font-display: optional` instead of `swap`: a late swap of a Japanese face repaints the
//   largest text (LCP) and moves lines (CLS); the system font stays unless the web font is
//   already there (cached, or preloaded), and the next page uses the cached face.
// - `local()` first: devices that ship Noto Sans CJK JP (Android) download nothing.
// - no WOFF fallback: every browser the site supports reads WOFF2, and the stylesheet (linked from
//   the HTML head, so render-blocking) is a third smaller without the second URL per face.
module.exports = function fontDisplayLoader(source) {
  return source
    .replace(/font-display:\s*swap/g, 'font-display: optional')
    .replace(/,\s*url\([^)]*\.woff\)\s*format\(['"]woff['"]\)/g, '')
    .replace(/src:\s*url\((\S*noto-sans-jp[^)]*)\)/g, "src: local('Noto Sans JP'), local('Noto Sans CJK JP'), url($1)");
};

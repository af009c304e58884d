// @fontsource stylesheets declare `font-display: swap`. With a Japanese font that swap arrives
// late on mobile and repaints the largest text (LCP) and shifts lines (CLS); `optional` renders
// the system font unless the web font is already there (cached, or preloaded), then keeps it.
module.exports = function fontDisplayLoader(source) {
  return source.replace(/font-display:\s*swap/g, 'font-display: optional');
};

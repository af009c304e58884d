// Self-hosted fonts (spec: Noto Sans JP and Montserrat). The Noto Sans JP stylesheet splits the
// font into unicode-range slices, so a page downloads only the slices its characters need. Only
// the regular weight is loaded: a second Japanese weight doubles the bytes on text-heavy pages
// (measured: 727 KB of fonts on /articles with 400 + 700), and headings use synthesised bold.
// In production builds the HTML links the resulting stylesheet from its head (shell/webpack.config.js,
// `stylesheets`), so the faces are declared at the first paint; this import then finds that link.
import '@fontsource/noto-sans-jp/400.css';
import '@fontsource/montserrat/latin-700.css';

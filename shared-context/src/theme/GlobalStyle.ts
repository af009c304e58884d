import { createGlobalStyle } from 'styled-components';
import { darkTheme, fonts, layout, lightTheme, media, type AppTheme } from './tokens';

/** The page-wide colours of a theme, as the custom properties the rules below read. */
const pageColours = ({ mode, colors }: AppTheme) => `
  color-scheme: ${mode};
  --page-background: ${colors.background};
  --page-text: ${colors.text};
  --page-link: ${colors.accentText};
  --page-focus: ${colors.secondary};
`;

/**
 * Static rules: the theme is chosen by <html data-theme> (the server writes it, ThemeModeProvider
 * keeps it), not interpolated. styled-components then takes the server's copy of these rules as
 * they are when a page hydrates; themed rules were deleted and inserted again, and a change to
 * `body` and `*` rules restyles and lays out the whole painted page (docs/server-rendering.md).
 *
 * `data-fonts='later'`: a first view's headings without Montserrat (tokens' `fonts.heading`).
 * `data-images`: a served page's lazy images start after its first paint, when its inline starter
 * marks <html> data-painted (shell/public/after-paint.js; the server writes data-images only with
 * that starter): the first paint does not share the connection with them, and no image request
 * ends before it (Lighthouse charges each such request to LCP, docs/performance.md). A lazy image
 * with no box is not loaded; its frame keeps its size (CardImage), so nothing shifts when it gets
 * one. Without scripts, or where the media feature is unknown, they load as before. (Comments
 * inside the template would be shipped: every byte here is in the shell's first download.)
 */
export const GlobalStyle = createGlobalStyle`
  :root {
    ${pageColours(lightTheme)}
    --header-height: ${layout.headerHeight.desktop}px;
    ${media.tablet} { --header-height: ${layout.headerHeight.tablet}px; }
    ${media.phone} { --header-height: ${layout.headerHeight.phone}px; }
  }
  :root[data-theme='dark'] { ${pageColours(darkTheme)} }
  :root[data-fonts='later'] { --font-heading: ${fonts.headingLater}; }
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${fonts.body};
    line-height: 1.7;
    background: var(--page-background);
    color: var(--page-text);
    transition: background-color 0.2s ease, color 0.2s ease;
  }
  h1, h2, h3, h4 { line-height: 1.35; }
  a { color: var(--page-link); }
  img { max-width: 100%; }
  @media (scripting: enabled) {
    :root[data-images='after-paint']:not([data-painted]) img[loading='lazy'] { display: none; }
  }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 3px solid var(--page-focus); outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;

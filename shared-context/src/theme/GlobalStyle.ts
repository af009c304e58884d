import { createGlobalStyle } from 'styled-components';
import { fonts, layout, media } from './tokens';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${fonts.body};
    line-height: 1.7;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    transition: background-color 0.2s ease, color 0.2s ease;
  }
  h1, h2, h3, h4 { line-height: 1.35; }
  a { color: ${({ theme }) => theme.colors.accentText}; }
  img { max-width: 100%; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.colors.secondary}; outline-offset: 2px; }
  :root {
    --header-height: ${layout.headerHeight.desktop}px;
    ${media.tablet} { --header-height: ${layout.headerHeight.tablet}px; }
    ${media.phone} { --header-height: ${layout.headerHeight.phone}px; }
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;

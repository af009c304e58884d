import styled from 'styled-components';
import { fonts, media } from 'shared-context';
import { accentText } from '../accent';

/** Reading typography for article bodies; embedded videos scale at 16:9 with the column. */
export const Prose = styled.div`
  font-size: 1.0625rem;
  line-height: 1.9;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.text};

  & > :first-child {
    margin-top: 0;
  }
  & > :last-child {
    margin-bottom: 0;
  }

  p,
  ul,
  ol,
  blockquote,
  figure,
  table,
  pre {
    margin: 0 0 1.4em;
  }

  h2,
  h3,
  h4 {
    font-family: ${fonts.heading};
    margin: 2em 0 0.75em;
    line-height: 1.4;
  }
  h2 {
    font-size: 1.5rem;
    padding-bottom: 0.35em;
    border-bottom: 2px solid ${({ theme }) => theme.colors.border};
  }
  h3 {
    font-size: 1.25rem;
  }
  h4 {
    font-size: 1.0625rem;
  }

  ul,
  ol {
    padding-left: 1.5em;
  }
  li + li {
    margin-top: 0.35em;
  }

  a {
    color: ${({ theme }) => accentText(theme)};
    text-decoration: underline;
    text-underline-offset: 0.2em;
  }

  blockquote {
    padding: 0.75em 1.25em;
    border-left: 4px solid ${({ theme }) => theme.colors.secondary};
    background: ${({ theme }) => theme.colors.surface};
    border-radius: 0 8px 8px 0;
  }

  img {
    display: block;
    max-width: 100%;
    height: auto;
    border-radius: 8px;
  }
  figcaption {
    margin-top: 0.5em;
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  iframe {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
    border: 0;
    border-radius: 12px;
    margin: 0 0 1.4em;
  }

  hr {
    margin: 2.5em 0;
    border: 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }

  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.9em;
    padding: 0.1em 0.35em;
    border-radius: 4px;
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  pre {
    overflow-x: auto;
    padding: 1em;
    border-radius: 8px;
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  pre code {
    padding: 0;
    border: 0;
    background: none;
  }

  table {
    display: block;
    overflow-x: auto;
    border-collapse: collapse;
    max-width: 100%;
  }
  th,
  td {
    padding: 0.5em 0.75em;
    border: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
  }
  th {
    background: ${({ theme }) => theme.colors.surface};
  }

  ${media.phone} {
    font-size: 1rem;
    h2 {
      font-size: 1.3rem;
    }
    h3 {
      font-size: 1.125rem;
    }
  }
`;

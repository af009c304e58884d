import { css } from 'styled-components';

/**
 * A definition list of read-only facts, as the console shows them (the リリース page's, the settings
 * cards'): labels small, bold and muted; values that wrap anywhere (URLs, version ids).
 */
export const factTerms = css`
  margin: 0;

  dt {
    font-size: 0.85rem;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    overflow-wrap: anywhere;
  }
`;

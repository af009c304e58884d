import styled, { css } from 'styled-components';
import { Button, accentFill, accentText } from 'shared-ui';

/**
 * shared-ui's Button with dark-mode colours that keep AA contrast: the dark primary (#806CC0)
 * is too light for white text and too dark as text on the dark background, so the primary and
 * secondary variants use the accent colours there. Light mode is unchanged.
 */
export const ActionButton = styled(Button)`
  ${({ theme, $variant = 'primary' }) =>
    theme.mode === 'dark' &&
    ($variant === 'primary'
      ? css`
          background: ${accentFill(theme).background};
          color: ${accentFill(theme).color};
        `
      : $variant === 'secondary'
        ? css`
            color: ${accentText(theme)};
            border-color: ${accentText(theme)};
          `
        : '')}
`;

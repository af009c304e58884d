import { css } from 'styled-components';

/**
 * One size for every form control of the site: buttons and fields are as tall (a 44 px touch
 * target), text fields share one corner radius; buttons stay pill-shaped.
 */
export const controlSize = { height: 44, radius: 10 } as const;

/**
 * The keyboard focus ring of controls: accent-coloured (AA against background and surface in both
 * themes), outside the border, only for keyboard focus.
 */
export const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.accentText};
    outline-offset: 2px;
  }
`;

/** The look of text inputs, selects and text areas. */
export const controlLook = css`
  width: 100%;
  min-height: ${controlSize.height}px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: ${controlSize.radius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
  }
  ${focusRing}
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.danger};
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

import styled from 'styled-components';
import { Button } from 'shared-ui';

/**
 * A destructive action. shared-ui's `danger` variant puts white text on the dark theme's light red
 * (#ff8a80, about 2:1); here the text switches to the dark background colour in dark mode.
 */
export const DangerButton = styled(Button).attrs({ $variant: 'danger' as const })`
  color: ${({ theme }) => (theme.mode === 'dark' ? theme.colors.background : '#fff')};
`;

/** The same action drawn as an outline, for rows of a table where a filled red would shout. */
export const DangerOutlineButton = styled(Button).attrs({ $variant: 'ghost' as const })`
  color: ${({ theme }) => theme.colors.danger};
  border-color: ${({ theme }) => theme.colors.danger};
`;
